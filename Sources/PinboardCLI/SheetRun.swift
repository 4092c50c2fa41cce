import Foundation
import Layout
import Pinboard

/// Carries out a parsed `pinboard` request through the library and turns the outcome
/// into messages and an exit status: 0 done, 1 runtime error, 2 settings that make no
/// layout (a usage error, like a bad option).
struct SheetRun {
    let request: SheetRequest
    let commandName: String

    var options: SheetOptions {
        var options = SheetOptions()
        options.direction = request.direction
        let vertical = request.direction == .vertical
        options.breadth = vertical ? request.width : request.height
        options.lanes = vertical ? request.columns : request.rows
        options.laneBreadth = vertical ? request.columnWidth : request.rowHeight
        options.padding = request.padding
        options.margin = request.margin
        options.placement = request.placement
        options.background = request.background
        options.filter = request.filter
        options.compression = request.compression
        options.recursive = request.recursive
        options.shrinkOnLoad = !request.fullDecode
        options.strict = request.strict
        options.jobs = request.jobs
        return options
    }

    func run() -> Int32 {
        do {
            let plan = try SheetPlanner.plan(inputs: request.inputs, options: options)
            warn(about: plan.skipped)
            if let manifest = request.manifest, manifest != "-" { try plan.refuseOverwritingSources(output: manifest) }
            if request.layoutOnly {
                try writeManifest(plan.manifest, to: request.manifest ?? "-")
                return 0
            }
            let manifest = try render(plan)
            warn(about: Array(manifest.skipped.dropFirst(plan.skipped.count)))
            if let path = request.manifest { try writeManifest(manifest, to: path) }
            return 0
        } catch .layout(let error) {
            report("Error: \(error)\nSee '\(commandName) --help'.")
            return 2
        } catch .noImages(let skipped) {
            report("Error: \(PinboardError.noImages(skipped: skipped))")
            if skipped.count > 3 { warn(about: skipped) }
            return 1
        } catch .sourcesSkipped(let skipped) {
            warn(about: skipped, force: true)
            report("Error: \(skipped.count) input\(skipped.count == 1 ? "" : "s") could not be used (--strict)")
            return 1
        } catch {
            report("Error: \(error)")
            return 1
        }
    }

    private func render(_ plan: SheetPlan) throws(PinboardError) -> Manifest {
        try Self.write(plan, to: request.output, quiet: request.quiet)
    }

    /// Writes a planned sheet to a path or, for `-`, to stdout, with a progress bar on a terminal.
    static func write(_ plan: SheetPlan, to output: String, quiet: Bool) throws(PinboardError) -> Manifest {
        let bar = ProgressBar.forTerminal(quiet: quiet)
        defer { bar?.finish() }
        let progress = bar.map { bar in { (progress: SheetProgress) in bar.update(progress) } }
        if output == "-" {
            return try SheetComposer.write(plan, toFileDescriptor: STDOUT_FILENO, name: "<stdout>", progress: progress)
        }
        return try SheetComposer.write(plan, to: output, progress: progress)
    }

    private func writeManifest(_ manifest: Manifest, to path: String) throws(PinboardError) {
        if path == "-" {
            try ManifestFile.write(manifest, toFileDescriptor: STDOUT_FILENO, name: "<stdout>")
        } else {
            try ManifestFile.write(manifest, to: path)
        }
    }

    private func warn(about skipped: [Manifest.SkippedSource], force: Bool = false) {
        guard force || !request.quiet else { return }
        for source in skipped { report("Warning: skipped \(source.source): \(source.reason)") }
    }

    private func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
