import ImageInput
import Layout
import SheetManifest

/// What writing a sheet did: the manifest it embedded, and which sources failed while
/// rendering, so a caller reports those without picking them out of `skipped`.
public struct WrittenSheet: Sendable {
    /// The manifest embedded in the sheet, render failures included under `skipped`.
    public let manifest: Manifest
    /// The sources that had a place on the sheet but whose pixels could not be made;
    /// their tiles show the background.
    public let renderFailures: [Manifest.SkippedSource]
    /// Damage decoders read past (a PNG without IEND), by path: those tiles are drawn.
    public let readWarnings: [ImageWarning]
}
