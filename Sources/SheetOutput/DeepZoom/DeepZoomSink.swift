import Foundation
import PinboardIO
import Raster
import SheetManifest

/// Builds a Deep Zoom pyramid from the bands as they pass, as libvips's `dzsave` does, in
/// the memory of a few rows of pyramid tiles per level, never the sheet: level N is the
/// sheet, each level below half the one above (see `PyramidLevel`), every level cut into
/// pyramid tiles of `DeepZoomSettings` as soon as a row of them is complete, each written
/// through the tile format's own sink (a pyramid tile is a tiny sheet in its own file).
///
/// Everything is written into `.NAME.pinboard-PID.tmp/` beside `NAME.dzi` and renamed into
/// place in `finish`: `NAME_files` first (an earlier pyramid's moved aside and removed),
/// then `NAME.manifest.json`, then `NAME.dzi`, so a viewer never finds a `.dzi` whose tiles
/// are not all there. A failure, or a sink dropped before `finish`, removes the folder; so
/// does SIGINT or SIGTERM (`TemporaryFiles`), and a later write the folder of a killed run.
///
/// ```swift
/// let sink = try DeepZoomSink(path: "out/board.dzi", settings: DeepZoomSettings(tileFormat: .png))
/// try sink.begin(SheetHeader(width: 640, height: 480, channels: .rgb))
/// try sink.write(band)                    // rows 0..<64, then 64..<128, …
/// try sink.finish(manifest: manifest)     // out/board.dzi, out/board_files/0…10/
/// ```
public final class DeepZoomSink: SheetSink {
    private let paths: DeepZoomPaths
    private let pyramid: PyramidWriter

    /// Pyramid tiles written so far.
    public var tilesWritten: Int { pyramid.tilesWritten }
    /// The most rows the levels held at once, for tests that check memory stays flat.
    public var peakHeldRows: Int { pyramid.peakHeldRows }
    /// The rows every level holds right now.
    public var heldRows: Int { pyramid.heldRows }

    /// Creates the temporary folder beside `path`.
    ///
    /// - Parameters:
    ///   - path: the `.dzi` file to write; its folder must exist.
    ///   - quality: the quality of JPEG and WebP pyramid tiles, 1 to 100.
    /// - Throws: `WriteError` naming `path` when its folder is missing or cannot hold a new
    ///   folder; naming the `.dzi`, the manifest or the tiles' folder when a device, a FIFO or
    ///   a socket is there.
    public init(path: String, settings: DeepZoomSettings = DeepZoomSettings(), quality: Int = 90) throws(WriteError) {
        paths = DeepZoomPaths(descriptor: path)
        try PyramidWriter.refuseSpecialFiles(at: [paths.descriptor, paths.manifest, paths.tilesFolder])
        pyramid = try PyramidWriter(destination: path, folder: paths.folder, naming: paths.temporaryNaming,
                                    settings: settings, quality: quality)
    }

    /// Refuses tile settings out of range, then makes a folder for every level.
    public func begin(_ header: SheetHeader) throws(WriteError) {
        let tiles = paths.tilesFolderName
        try pyramid.begin(header) { levels in [tiles] + levels.map { tiles + "/\($0.number)" } }
    }

    public func write(_ band: Band) throws(WriteError) {
        let folder = paths.tilesFolderName, ending = pyramid.settings.tileFormat.rawValue
        try pyramid.write(band) { tile in "\(folder)/\(tile.level)/\(tile.column)_\(tile.row).\(ending)" }
    }

    /// Writes the `.dzi` and the manifest, then renames the pyramid into place.
    ///
    /// - Throws: `WriteError` when rows are missing or a rename fails; nothing of this
    ///   pyramid is left behind.
    public func finish(manifest: Manifest?) throws(WriteError) {
        try pyramid.discarding { () throws(WriteError) in
            try pyramid.checkComplete()
            guard let header = pyramid.header else { throw pyramid.refusal("no sheet was begun") }
            try TextOutput.write(Self.descriptorText(settings: pyramid.settings, width: header.width, height: header.height),
                                 to: temporary + "/" + paths.descriptorName)
            if let manifest { try ManifestFile.write(manifest, to: temporary + "/" + paths.manifestName) }
            try commit(hasManifest: manifest != nil)
        }
    }

    /// The XML OpenSeadragon reads: the tile format, overlap and size, and the sheet's size.
    static func descriptorText(settings: DeepZoomSettings, width: Int, height: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<Image xmlns=\"http://schemas.microsoft.com/deepzoom/2008\" Format=\"\(settings.tileFormat.rawValue)\" "
            + "Overlap=\"\(settings.overlap)\" TileSize=\"\(settings.tileSize)\">"
            + "<Size Height=\"\(height)\" Width=\"\(width)\"/></Image>\n"
    }

    /// Moves the finished pyramid into place: the tiles' folder (an earlier one moved aside
    /// into the temporary folder, and back should the move fail), the manifest (an earlier
    /// one removed when there is none), the `.dzi` last; then removes the temporary folder.
    private func commit(hasManifest: Bool) throws(WriteError) {
        try PyramidWriter.replace(paths.tilesFolder, with: temporary + "/" + paths.tilesFolderName,
                                  asideIn: temporary + "/previous" + paths.tilesFolderName)
        if hasManifest {
            if rename(temporary + "/" + paths.manifestName, paths.manifest) != 0 {
                throw WriteError(path: paths.manifest, reason: .system(errno: errno))
            }
        } else {
            unlink(paths.manifest)
        }
        if rename(temporary + "/" + paths.descriptorName, paths.descriptor) != 0 {
            throw WriteError(path: paths.descriptor, reason: .system(errno: errno))
        }
        pyramid.settle()
    }

    private var temporary: String { pyramid.temporary }
}
