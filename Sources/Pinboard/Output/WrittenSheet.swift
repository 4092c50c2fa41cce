import ImageInput
import Layout
import SheetManifest

/// What writing a sheet did: the manifest it embedded, and which sources failed while
/// rendering, so a caller reports those without picking them out of `skipped`.
public struct WrittenSheet: Sendable {
    /// The manifest embedded in the sheet, render failures included under `skipped`.
    public let manifest: Manifest
    /// The sources that had a place on the sheet but whose pixels could not be made before
    /// a row was drawn: their tiles are left in the background ("left empty").
    public let renderFailures: [Manifest.SkippedSource]
    /// The sources whose decoding failed partway: their tiles show the rows decoded and the
    /// background below, in tile order.
    public let drawnInPart: [DrawnInPart]
    /// Damage decoders read past (a PNG without IEND), by path: those tiles are drawn.
    public let readWarnings: [ImageWarning]
}
