import Foundation
import Layout
import PNGCodec
import Raster

/// The last stages of the pipeline: render a planned sheet and encode it, to a file,
/// a descriptor or memory.
///
/// ```swift
/// let plan = try SheetPlanner.plan(inputs: ["screenshots/"], options: SheetOptions())
/// let sheet = try SheetComposer.compose(plan)          // pixels and manifest, in memory
/// #expect(sheet.color(x: 0, y: 0) == .white)
/// ```
public enum SheetComposer {
    /// Writes the sheet as a PNG at `path`, atomically: the file appears only once complete.
    /// The manifest goes into the PNG too (see `EmbeddedManifest`).
    ///
    /// - Returns: the manifest embedded, and the sources whose pixels failed (also listed
    ///   under the manifest's `skipped`).
    /// - Throws: `PinboardError.outputIsInput` when `path` is one of the sources, `.cannotWrite`
    ///   when the file cannot be written (nothing is left behind), `.decode` under `strict`.
    public static func write(
        _ plan: SheetPlan, to path: String, progress: ((SheetProgress) -> Void)? = nil
    ) throws(PinboardError) -> WrittenSheet {
        try plan.refuseOverwritingSources(output: path)
        let output = try AtomicOutput(destination: path)
        let written = try write(plan, toFileDescriptor: output.fileDescriptor, name: path, progress: progress)
        try output.commit()
        return written
    }

    /// Writes the sheet as a PNG to an open descriptor (stdout, a pipe) that the caller keeps owning.
    public static func write(
        _ plan: SheetPlan, toFileDescriptor fd: Int32, name: String, progress: ((SheetProgress) -> Void)? = nil
    ) throws(PinboardError) -> WrittenSheet {
        let sheet = plan.sheet
        let channels: PNGWriter.Channels = Band.Format(background: plan.options.background) == .rgb ? .rgb : .rgba
        let writer: PNGWriter
        do {
            writer = try PNGWriter(
                to: .fileDescriptor(fd, name: name), width: sheet.width, height: sheet.height,
                channels: channels, compression: plan.options.compression, threads: plan.options.jobs
            )
        } catch {
            throw .cannotWrite(path: name, reason: error.reason.description)
        }
        var sink = PNGBandSink(writer: writer)
        let failed = try SheetRenderer.render(plan, into: &sink, progress: progress)
        let manifest = SheetManifest.build(plan, renderFailures: failed)
        do {
            try writer.add(text: EmbeddedManifest.text(of: manifest))
            try writer.finish()
        } catch {
            throw .cannotWrite(path: name, reason: error.reason.description)
        }
        return WrittenSheet(manifest: manifest, renderFailures: failed)
    }

    /// Renders the whole sheet into memory, for tests that compare pixels.
    public static func compose(_ plan: SheetPlan) throws(PinboardError) -> ComposedSheet {
        let format = Band.Format(background: plan.options.background)
        var sheet = ComposedSheet(
            width: plan.sheet.width, height: plan.sheet.height, format: format, manifest: plan.manifest
        )
        let failed = try SheetRenderer.render(plan, into: &sheet, progress: nil)
        sheet.manifest = SheetManifest.build(plan, renderFailures: failed)
        return sheet
    }

    /// Plans and renders in one call.
    public static func compose(inputs: [String], options: SheetOptions = SheetOptions()) throws(PinboardError) -> ComposedSheet {
        try compose(SheetPlanner.plan(inputs: inputs, options: options))
    }

}
