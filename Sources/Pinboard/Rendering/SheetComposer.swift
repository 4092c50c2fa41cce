import Foundation
import Layout
import PinboardIO
import Raster
import SheetManifest
import SheetOutput

/// The last stages of the pipeline: render a planned sheet and encode it, to a file,
/// a descriptor or memory.
///
/// ```swift
/// let plan = try SheetPlanner.plan(inputs: ["screenshots/"], options: SheetOptions())
/// let sheet = try SheetComposer.compose(plan)          // pixels and manifest, in memory
/// #expect(sheet.color(x: 0, y: 0) == .white)
/// ```
public enum SheetComposer {
    /// Writes a board as its pages: the plan split at `options.maxHeight`
    /// (`SheetPlanner.pages(of:)`), each page written as `write(_:to:progress:)` writes a
    /// sheet, to `output`'s numbered path (`board-1.png`, …), or to its plain path when the
    /// board has no page height. `pageWritten` hears of each page once it is complete, before
    /// the next is begun, so a caller writes its manifest or page beside it.
    ///
    /// ```swift
    /// options.maxHeight = 4000
    /// let plan = try SheetPlanner.plan(inputs: ["photos/"], options: options)
    /// try SheetComposer.writePages(plan, to: OutputPath(template: "board.png")) { page in
    ///     print(page.path)  // board-1.png, board-2.png, …
    /// }
    /// ```
    ///
    /// - Throws: what `write(_:to:progress:)` throws for any page, and
    ///   `PinboardError.cannotWrite` for a page's folder that cannot be made.
    public static func writePages(
        _ plan: SheetPlan, to output: OutputPath, progress: ((SheetProgress) -> Void)? = nil,
        pageWritten: (WrittenPage) throws(PinboardError) -> Void
    ) throws(PinboardError) {
        let pages = try SheetPlanner.pages(of: plan)
        for (index, page) in pages.enumerated() {
            let number = SheetPlanner.pageNumber(index, of: plan)
            let path = try output.preparedPath(page: number)
            let sheet = try write(page, to: path, progress: progress)
            try pageWritten(WrittenPage(number: number, path: path, plan: page, sheet: sheet))
        }
    }

    /// Writes the sheet at `path` in `plan.options.encoding`'s format, atomically: the file
    /// appears only once complete (a symbolic link's target is replaced, the link kept; a
    /// device or a FIFO is written through, see `OutputFile`). The manifest goes into the
    /// file too, where the format has room for it (see `ManifestChunk`).
    ///
    /// - Returns: the manifest embedded, and the sources whose pixels failed (also listed
    ///   under the manifest's `skipped`).
    /// - Throws: `PinboardError.outputIsInput` when `path` is one of the sources,
    ///   `.sheetTooLarge` when the format cannot hold the sheet (before anything is decoded
    ///   or created), `.cannotWrite` when the file cannot be written (nothing is left
    ///   behind), `.decode` under `strict`, `.noTileDrawn` when every source failed while
    ///   decoding (nothing is left behind either).
    public static func write(
        _ plan: SheetPlan, to path: String, progress: ((SheetProgress) -> Void)? = nil
    ) throws(PinboardError) -> WrittenSheet {
        try plan.refuseOverwritingSources(output: path)
        try refuseOversize(plan)
        let encoding = plan.options.encoding
        let sink: any SheetSink
        do {
            // A pyramid is a folder, renamed into place by its own sink, not one file.
            sink = switch encoding.format.kind.writing {
            case .folder(let pyramid): try pyramid(encoding, path)
            case .stream: try AtomicSheetFile(path: path) { fd, name in encodingSink(plan, fileDescriptor: fd, name: name) }
            }
        } catch {
            throw .cannotWrite(error)
        }
        return try write(plan, into: sink, progress: progress)
    }

    /// Writes the sheet in `plan.options.encoding`'s format to an open descriptor (stdout,
    /// a pipe) that the caller keeps owning.
    ///
    /// - Throws: `PinboardError.sheetTooLarge` before the first byte when the format cannot
    ///   hold the sheet; otherwise as `write(_:to:progress:)`.
    public static func write(
        _ plan: SheetPlan, toFileDescriptor fd: Int32, name: String, progress: ((SheetProgress) -> Void)? = nil
    ) throws(PinboardError) -> WrittenSheet {
        try refuseOversize(plan)
        return try write(plan, into: encodingSink(plan, fileDescriptor: fd, name: name), progress: progress)
    }

    /// Renders the sheet band by band into `sink`, then hands it the finished manifest.
    ///
    /// - Returns: the manifest handed over, and the sources whose pixels failed.
    public static func write(
        _ plan: SheetPlan, into sink: some SheetSink, progress: ((SheetProgress) -> Void)? = nil
    ) throws(PinboardError) -> WrittenSheet {
        let outcome = try SheetRenderer.render(plan, into: sink, progress: progress)
        let manifest = ManifestBuilder.build(
            plan, renderFailures: outcome.failed, drawnInPart: outcome.drawnInPart, movedCuts: outcome.movedCuts)
        do {
            try sink.finish(manifest: manifest)
        } catch {
            throw .cannotWrite(error)
        }
        return WrittenSheet(
            manifest: manifest, renderFailures: outcome.failed,
            drawnInPart: outcome.drawnInPart.sorted { $0.key < $1.key }.map(\.value), readWarnings: outcome.warnings)
    }

    /// Renders the whole sheet into memory, for tests that compare pixels.
    public static func compose(_ plan: SheetPlan) throws(PinboardError) -> ComposedSheet {
        try RenderBudget.check(plan)
        let sink = MemorySheetSink()
        _ = try write(plan, into: sink)
        guard let sheet = sink.sheet else { throw .cannotWrite(WriteError(path: "<memory>", reason: .encoder("no sheet was drawn"))) }
        return sheet
    }

    /// The sink of a plan's format and settings, encoding on its jobs' threads.
    private static func encodingSink(_ plan: SheetPlan, fileDescriptor: Int32, name: String) -> any SheetSink {
        SheetEncoder.sink(for: plan.options.encoding, fileDescriptor: fileDescriptor, name: name, threads: plan.options.jobs)
    }

    /// Refuses a sheet wider or taller than its format holds, as libvips's savers do, so the
    /// user waits for no decode that could only end in the encoder's error, and a plan no
    /// one means or that needs more memory than allowed (`RenderBudget.check`).
    private static func refuseOversize(_ plan: SheetPlan) throws(PinboardError) {
        let format = plan.options.encoding.format
        if let limit = format.maxSide, plan.sheet.width > limit || plan.sheet.height > limit {
            throw .sheetTooLarge(format: format, width: plan.sheet.width, height: plan.sheet.height, limit: limit)
        }
        try RenderBudget.check(plan)
    }

    /// Plans and renders in one call.
    public static func compose(inputs: [String], options: SheetOptions = SheetOptions()) throws(PinboardError) -> ComposedSheet {
        try compose(SheetPlanner.plan(inputs: inputs, options: options))
    }
}
