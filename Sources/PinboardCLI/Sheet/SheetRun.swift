import Foundation
import Layout
import Pinboard
import SheetManifest
import SheetOutput

/// Carries out a parsed `pinboard` request through the library and turns the outcome
/// into messages and an exit status: 0 done, 1 runtime error, 2 settings that make no
/// layout (a usage error, like a bad option).
struct SheetRun {
    let request: SheetRequest
    let commandName: String

    /// Runs every batch (one per input with `--each`, else one of all inputs) and exits
    /// with the worst status: a failing batch is reported and the others still run.
    func run() -> Int32 {
        var inputs = request.inputs
        if let list = request.filesFrom {
            do {
                inputs += try FileList.paths(in: list, null: request.null)
            } catch {
                report("Error: \(error)")
                return 1
            }
        }
        guard request.each else { return run(inputs: inputs, name: nil) }
        return inputs.map { run(inputs: [$0], name: OutputPath.batchName(of: $0)) }.max() ?? 0
    }

    private func run(inputs: [String], name: String?) -> Int32 {
        let output = OutputPath(template: request.output, batch: name)
        let manifestName = request.manifest.map { OutputPath(template: $0, batch: name) }
        let pageName = request.html.map { OutputPath(template: $0, batch: name) }
        do {
            let plan = try SheetPlanner.plan(inputs: inputs, options: request.options())
            warn(about: plan.skipped)
            let format = plan.options.encoding.format
            if !request.layoutOnly, !format.hasAlpha, !plan.options.background.isOpaque, !request.quiet {
                let keeping = SheetFormat.allCases.filter { $0.hasAlpha && !$0.isPyramid }.map(\.description)
                report("Warning: \(format) has no alpha: the transparent background is drawn over white; "
                    + "write \(keeping.dropLast().joined(separator: ", ")) or \(keeping.last ?? "PNG") to keep it, "
                    + "or give an opaque --background")
            }
            let pages = try SheetPlanner.pages(of: plan)
            for (index, page) in pages.enumerated() {
                if let spread = page.evenBottom?.spread, spread > 0, !request.quiet {
                    report("Warning: --even-bottom levelled the columns to within \(spread) px; "
                        + "--max-crop \(request.sheet.maxCropPercent) does not allow more")
                }
                if let manifestPath = manifestName?.path(page: SheetPlanner.pageNumber(index, of: plan)), manifestPath != "-" {
                    try page.refuseOverwritingSources(output: manifestPath)
                }
            }
            if request.layoutOnly {
                for (index, page) in pages.enumerated() {
                    try writeManifest(page.manifest, to: manifestName?.preparedPath(page: SheetPlanner.pageNumber(index, of: plan)) ?? "-")
                }
                return 0
            }
            var written: [WrittenPage] = []
            let pageWritten = { (page: WrittenPage) throws(PinboardError) in
                written.append(page)
                warnAboutTiles(of: page.sheet)
                if !request.quiet { for warning in page.sheet.readWarnings { report("Warning: \(warning)") } }
                warnAboutReaders(of: page.plan, path: page.path)
                if let manifestName { try writeManifest(page.sheet.manifest, to: manifestName.preparedPath(page: page.number)) }
                if let pageName {
                    let encoding = page.plan.options.encoding
                    let board: any HTMLPage = encoding.format == .dzi
                        ? PyramidPage(manifest: page.sheet.manifest, descriptorPath: page.path, settings: encoding.deepZoom)
                        : BoardPage(manifest: page.sheet.manifest, sheetPath: page.path)
                    try board.write(to: pageName.preparedPath(page: page.number))
                }
            }
            if request.output == "-" {
                let sheet = try Self.write(plan, to: "-", quiet: request.quiet)
                try pageWritten(WrittenPage(number: nil, path: "-", plan: plan, sheet: sheet))
            } else {
                let bar = ProgressBar.forTerminal(quiet: request.quiet)
                defer { bar?.finish() }
                try SheetComposer.writePages(plan, to: output, progress: bar.map { bar in { bar.update($0) } }, pageWritten: pageWritten)
            }
            if !request.quiet { report(Self.summary(of: written, skipped: plan.skipped.count)) }
            return 0
        } catch .layout(let error) {
            Terminal.report("Error: \(error)", "See '\(commandName) --help'.")
            return 2
        } catch .conflictingSettings(let rule) {
            Terminal.report("Error: \(rule)", "See '\(commandName) --help'.")
            return 2
        } catch let error where error.isRefusedPlan {
            Terminal.report("Error: \(error)", "See '\(commandName) --help'.")
            return 2
        } catch .noImages(let skipped) {
            report("Error: \(PinboardError.noImages(skipped: hinted(skipped)))")
            if skipped.count > 3 { warn(about: skipped) }
            return 1
        } catch .noTileDrawn(let failures) {
            report("Error: \(PinboardError.noTileDrawn(failures: failures))")
            if failures.count > 3 { warn(about: failures, force: true) }
            return 1
        } catch .sourcesSkipped(let skipped) {
            warn(about: skipped, force: true)
            report("Error: \(skipped.count) input\(skipped.count == 1 ? "" : "s") could not be used (--strict)")
            return 1
        } catch .cannotWrite(let failure) where failure.path == Self.standardOutputName && Terminal.readerHasQuit(STDOUT_FILENO) {
            // The reader took what it wanted (`| head -c 100`); as with `cat`, that is no news.
            return 1
        } catch {
            report("Error: \(error)")
            return 1
        }
    }

    /// How messages name stdout when the sheet or manifest goes there.
    static let standardOutputName = "<stdout>"

    /// Writes a planned sheet to a path or, for `-`, to stdout, with a progress bar on a terminal.
    static func write(_ plan: SheetPlan, to output: String, quiet: Bool) throws(PinboardError) -> WrittenSheet {
        let bar = ProgressBar.forTerminal(quiet: quiet)
        defer { bar?.finish() }
        let progress = bar.map { bar in { (progress: SheetProgress) in bar.update(progress) } }
        if output == "-" {
            return try SheetComposer.write(plan, toFileDescriptor: STDOUT_FILENO, name: standardOutputName, progress: progress)
        }
        return try SheetComposer.write(plan, to: output, progress: progress)
    }

    private func writeManifest(_ manifest: Manifest, to path: String) throws(PinboardError) {
        do {
            if path == "-" {
                try ManifestFile.write(manifest, toFileDescriptor: STDOUT_FILENO, name: Self.standardOutputName)
            } else {
                try ManifestFile.write(manifest, to: path)
            }
        } catch {
            throw .cannotWrite(error)
        }
    }

    /// Warns about each tile whose source failed while it was drawn: left empty (nothing
    /// decoded, the tile in the background) or drawn in part (the rows decoded, the
    /// background below). Under `--strict` these failed the run instead.
    private func warnAboutTiles(of sheet: WrittenSheet) {
        guard !request.quiet else { return }
        for failure in sheet.renderFailures { report("Warning: left empty: \(failure)") }
        for partial in sheet.drawnInPart { report("Warning: \(partial.source): \(partial.damage)") }
    }

    /// The run's last line: what was written, its size, its tiles and what was skipped.
    /// `wrote board.png, 1600×2095 px, 22 tiles (2 drawn in part), 9 files skipped`.
    static func summary(of pages: [WrittenPage], skipped: Int) -> String {
        let name = { (page: WrittenPage) in page.path == "-" ? standardOutputName : page.path }
        let what: String
        if pages.count == 1, let page = pages.first {
            what = "wrote \(name(page)), \(page.sheet.manifest.width)×\(page.sheet.manifest.height) px"
        } else {
            what = "wrote \(pages.count) pages, \(pages.first.map(name) ?? "") to \(pages.last.map(name) ?? "")"
        }
        let tiles = pages.map { $0.sheet.manifest.items.count }.reduce(0, +)
        let partial = pages.map(\.sheet.drawnInPart.count).reduce(0, +)
        let empty = pages.map(\.sheet.renderFailures.count).reduce(0, +)
        let damaged = [(partial, "drawn in part"), (empty, "left empty")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        var line = what + ", \(tiles) tile\(tiles == 1 ? "" : "s")"
        if !damaged.isEmpty { line += " (" + damaged.joined(separator: ", ") + ")" }
        if skipped > 0 { line += ", \(skipped) file\(skipped == 1 ? "" : "s") skipped" }
        return line
    }

    /// Warns, once per sheet, about a PNG sheet some common reader refuses by default.
    private func warnAboutReaders(of page: SheetPlan, path: String) {
        guard !request.quiet, page.options.encoding.format == .png,
              let message = ReaderWarning.message(
                path: path == "-" ? Self.standardOutputName : path, width: page.sheet.width, height: page.sheet.height,
                direction: page.options.direction)
        else { return }
        report(message)
    }

    /// One warning for each skipped source, but one for all the duplicates `--dedupe`
    /// left out, which were asked to be left out: their count, the manifest lists them.
    private func warn(about skipped: [Manifest.SkippedSource], force: Bool = false) {
        guard force || !request.quiet else { return }
        var duplicates = 0
        for source in hinted(skipped) {
            if case .duplicate = source.reason {
                duplicates += 1
                continue
            }
            report("Warning: skipped \(source.source): \(source.reason)")
        }
        if duplicates > 0 {
            report("Warning: --dedupe left out \(duplicates) duplicate\(duplicates == 1 ? "" : "s") (the manifest's skipped lists each with the file it copies)")
        }
    }

    /// The skipped sources, those refused for their size saying which option lets them in.
    ///
    /// The library has no command line to point to; a source over the pixel limit this
    /// run set is recognised by its reason's case and its limit.
    private func hinted(_ skipped: [Manifest.SkippedSource]) -> [Manifest.SkippedSource] {
        skipped.map { source in
            guard case .image(.tooManyPixels(_, _, let limit)) = source.reason, limit == UInt64(request.maxPixels) else {
                return source
            }
            return Manifest.SkippedSource(source: source.source, reason: .hinted(source.reason, hint: "raise it with --max-pixels"))
        }
    }

    private func report(_ line: String) {
        Terminal.report(line)
    }
}
