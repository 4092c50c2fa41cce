import ColorManagement
import Dispatch
import ImageFormats
import ImageInput
import Layout
import PNGCodec
import PinboardIO
import SheetManifest

/// The first stages of the pipeline: scan the inputs, probe every header, lay out the tiles.
public enum SheetPlanner {
    /// Plans a sheet from file and folder arguments.
    ///
    /// - Throws: `PinboardError.settingOutOfRange` when a setting of `options` is out of
    ///   range, before any input is read; `.noImages` when nothing can be placed,
    ///   `.sourcesSkipped` when `options.strict` is set and any input was skipped,
    ///   `.layout` when the settings make no layout.
    public static func plan(inputs: [String], options: SheetOptions) throws(PinboardError) -> SheetPlan {
        let scan = SourceScanner(
            imageExtensions: ImageRegistry.pinboard.fileExtensions, namedExtensions: ForeignFormat.fileExtensions,
            recursive: options.recursive
        ).scan(inputs)
        let problems = scan.problems.map { Manifest.SkippedSource(source: $0.path, reason: .scan($0.reason)) }
        return try plan(sources: scan.sources, options: options, skipped: problems)
    }

    /// Plans a sheet from source files in the order given, with no folder scanning; each
    /// tile is named for pairing by its file's own name.
    public static func plan(paths: [String], options: SheetOptions, skipped: [Manifest.SkippedSource] = []) throws(PinboardError) -> SheetPlan {
        try plan(sources: paths.map { Source(path: $0) }, options: options, skipped: skipped)
    }

    /// Plans a sheet from sources in the order given.
    public static func plan(sources found: [Source], options: SheetOptions, skipped: [Manifest.SkippedSource] = []) throws(PinboardError) -> SheetPlan {
        let options = try options.validated()
        let colors = ColorTransformCache()
        let probes = probeAll(found, options: options, colors: options.convertsColorProfiles ? colors : nil)
        var sources: [PlannedSource] = []
        var skipped = skipped
        for probe in probes {
            switch probe {
            case .success(let source): sources.append(source)
            case .failure(let failure): skipped.append(failure)
            }
        }
        if options.strict && !skipped.isEmpty { throw .sourcesSkipped(skipped) }
        if sources.isEmpty { throw .noImages(skipped: skipped) }
        sources = SourceOrdering.ordered(sources, options: options)
        if options.dedupe {
            let duplicates: [Manifest.SkippedSource]
            (sources, duplicates) = Duplicates.removed(from: sources)
            skipped += duplicates
        }
        let lettering = try Lettering.make(for: options)
        let arrangement: any Arrangement
        do {
            arrangement = try options.arrangement(
                titleHeight: lettering?.titleHeight ?? 0, labelHeight: lettering?.labelHeight ?? 0,
                sectionHeaderHeight: lettering?.headerHeight ?? 0)
        } catch {
            throw .layout(error)
        }
        // A mode that limits the board (justified rows' `maxRows`) places the first few and
        // lays them out as the limit left them; the rest are skipped.
        let layout: any SheetLayout
        do {
            layout = try arrangement.layOutPlaceable(
                sources.map(\.size), sectionStarts: (options.grouping?.sections(of: sources) ?? []).map(\.start))
        } catch {
            throw .layout(error)
        }
        if layout.sources.count < sources.count, case .justified(let rows) = options.layout, let maxRows = rows.maxRows {
            let placed = layout.sources.count
            skipped += sources[placed...].map { Manifest.SkippedSource(source: $0.path, reason: .pastMaxRows(maxRows)) }
            sources.removeSubrange(placed...)
        }
        let sections = options.grouping?.sections(of: sources) ?? []
        return try SheetPlan(
            options: options, sources: sources, arrangement: arrangement, layout: layout, skipped: skipped, lettering: lettering,
            sectionNames: sections.map(\.name), colors: colors)
    }

    /// The layout of `sources` in `arrangement`, its errors as the facade's.
    static func layOut(
        _ sources: [PlannedSource], _ arrangement: some Arrangement, sectionStarts: [Int] = []
    ) throws(PinboardError) -> any SheetLayout {
        do {
            return try arrangement.layOut(sources.map(\.size), sectionStarts: sectionStarts)
        } catch {
            throw .layout(error)
        }
    }

    /// The plan's pages: split at `options.maxHeight` when set (`pages(of:maxLength:)`),
    /// else the plan itself.
    public static func pages(of plan: SheetPlan) throws(PinboardError) -> [SheetPlan] {
        guard let maxHeight = plan.options.maxHeight else { return [plan] }
        return try pages(of: plan, maxLength: maxHeight)
    }

    /// The number the page at `index` (from 0) of `plan`'s pages goes by in its file names:
    /// from 1 when the plan has a page height, nil for a board of one unnumbered sheet.
    public static func pageNumber(_ index: Int, of plan: SheetPlan) -> Int? {
        plan.options.maxHeight == nil ? nil : index + 1
    }

    /// Splits a plan into pages no longer than `maxLength` (height, or width when
    /// horizontal), each a complete board of consecutive sources (`Pagination`'s rule).
    /// The skipped inputs are listed with the first page; a section cut by a page break
    /// continues on the next page under its header again.
    public static func pages(of plan: SheetPlan, maxLength: Int) throws(PinboardError) -> [SheetPlan] {
        let arrangement = plan.arrangement
        let sectionStarts = plan.layout.sectionStarts
        let ranges: [Range<Int>]
        do {
            ranges = try Pagination.pages(
                arrangement: arrangement, sources: plan.layout.sources, sectionStarts: sectionStarts, maxLength: maxLength)
        } catch {
            throw .layout(error)
        }
        return try ranges.enumerated().map { (number, range) throws(PinboardError) in
            let sources = Array(plan.sources[range])
            let sections = Pagination.sections(of: range, in: sectionStarts)
            let layout = try layOut(sources, arrangement, sectionStarts: sections.map(\.start))
            return try SheetPlan(
                options: plan.options, sources: sources, arrangement: arrangement, layout: layout, skipped: number == 0 ? plan.skipped : [],
                lettering: plan.lettering, sectionNames: sections.map { plan.sectionNames[$0.section] })
        }
    }

    /// Probes headers and digests files on `options.jobs` threads; results keep the order of `sources`.
    private static func probeAll(
        _ sources: [Source], options: SheetOptions, colors: ColorTransformCache?
    ) -> [Result<PlannedSource, Manifest.SkippedSource>] {
        // Digests read whole files: a few large photos must still spread over the threads.
        let chunk = max(1, min(256, sources.count / (options.jobs * 8)))
        let chunks = (sources.count + chunk - 1) / chunk
        let results = ResultSlots<Result<PlannedSource, Manifest.SkippedSource>>(count: sources.count)
        let probeChunk: @Sendable (Int) -> Void = { index in
            for position in index * chunk..<min(sources.count, (index + 1) * chunk) {
                results[position] = SourceProbe.probe(sources[position], limits: options.limits, colors: colors)
            }
        }
        if options.jobs > 1 && chunks > 1 {
            DispatchQueue.concurrentPerform(iterations: chunks, execute: probeChunk)
        } else {
            (0..<chunks).forEach(probeChunk)
        }
        return results.values()
    }
}
