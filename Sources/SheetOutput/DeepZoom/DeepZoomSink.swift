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
    private let settings: DeepZoomSettings
    private let quality: Int
    private let temporary: String
    private var header: SheetHeader?
    /// Full size first.
    private var levels: [PyramidLevel] = []
    private var settled = false

    /// Pyramid tiles written so far.
    public private(set) var tilesWritten = 0
    /// The most rows the levels held at once, for tests that check memory stays flat.
    public private(set) var peakHeldRows = 0
    /// The rows every level holds right now.
    public var heldRows: Int { levels.reduce(0) { $0 + $1.heldRows } }

    /// Creates the temporary folder beside `path`.
    ///
    /// - Parameters:
    ///   - path: the `.dzi` file to write; its folder must exist.
    ///   - quality: the quality of JPEG and WebP pyramid tiles, 1 to 100.
    /// - Throws: `WriteError` naming `path` when its folder is missing or cannot hold a new folder.
    public init(path: String, settings: DeepZoomSettings = DeepZoomSettings(), quality: Int = 90) throws(WriteError) {
        paths = DeepZoomPaths(descriptor: path)
        self.settings = settings
        self.quality = quality
        paths.temporaryNaming.remove(in: paths.folder)
        let pid = getpid()
        // A second write to the same pyramid from this process takes the next number.
        for attempt in 0..<100 {
            let folder = paths.temporaryFolder(pid: pid, attempt: attempt)
            if mkdir(folder, 0o777) == 0 {
                temporary = folder
                TemporaryFiles.shared.insert(folder)
                return
            }
            if errno != EEXIST { break }
        }
        let failure = errno
        throw WriteError(path: path, reason: failure == ENOENT ? .missingFolder(paths.folder) : .system(errno: failure))
    }

    deinit {
        discard()
    }

    /// Refuses tile settings out of range, then makes a folder for every level.
    public func begin(_ header: SheetHeader) throws(WriteError) {
        try discarding { () throws(WriteError) in
            guard DeepZoomSettings.tileSizes.contains(settings.tileSize) else {
                throw refusal("the pyramid tile size is 1 to 8192, not \(settings.tileSize)")
            }
            guard (0...settings.tileSize).contains(settings.overlap) else {
                throw refusal("the pyramid tile overlap is 0 to the tile size \(settings.tileSize), not \(settings.overlap)")
            }
            self.header = header
            let sizes = PyramidLevel.sizes(width: header.width, height: header.height)
            levels = sizes.enumerated().map { index, size in
                PyramidLevel(number: sizes.count - 1 - index, width: size.width, height: size.height,
                             channels: header.channels.channelCount, settings: settings)
            }
            try makeFolder(temporaryTiles)
            for level in levels { try makeFolder(temporaryTiles + "/\(level.number)") }
        }
    }

    public func write(_ band: Band) throws(WriteError) {
        try discarding { () throws(WriteError) in
            guard let header, let top = levels.first else { throw refusal("no sheet was begun") }
            guard band.width == header.width, band.format == header.channels, band.rows.lowerBound == top.receivedRows,
                  band.rows.upperBound <= header.height else {
                throw refusal("band rows \(band.rows) of width \(band.width) do not follow row \(top.receivedRows) "
                    + "of the \(header.width)×\(header.height) sheet")
            }
            let bytesPerRow = band.bytesPerRow
            for offset in 0..<band.rows.count {
                let row = band.withUnsafeBytes { bytes in
                    Array(bytes[(offset * bytesPerRow)..<((offset + 1) * bytesPerRow)])
                }
                try take(row, background: band.background)
            }
        }
    }

    /// Writes the `.dzi` and the manifest, then renames the pyramid into place.
    ///
    /// - Throws: `WriteError` when rows are missing or a rename fails; nothing of this
    ///   pyramid is left behind.
    public func finish(manifest: Manifest?) throws(WriteError) {
        try discarding { () throws(WriteError) in
            guard let header, let top = levels.first, levels.allSatisfy(\.isComplete) else {
                throw refusal("the sheet ended after \(levels.first?.receivedRows ?? 0) of \(header?.height ?? 0) rows")
            }
            try TextOutput.write(Self.descriptorText(settings: settings, width: top.width, height: header.height),
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

    /// Passes a row of the sheet down the levels, each halving it for the next, writing the
    /// pyramid tiles it completes.
    private func take(_ row: [UInt8], background: Color) throws(WriteError) {
        var next: [UInt8]? = row
        for index in levels.indices {
            guard let input = next else { break }
            let (halved, tiles) = levels[index].take(input)
            for tile in tiles { try write(tile, background: background) }
            next = halved
        }
        peakHeldRows = max(peakHeldRows, heldRows)
    }

    /// Writes one pyramid tile as `LEVEL/COLUMN_ROW.EXT` through its format's sink.
    private func write(_ tile: PyramidTile, background: Color) throws(WriteError) {
        guard let header else { throw refusal("no sheet was begun") }
        let name = "\(tile.level)/\(tile.column)_\(tile.row).\(settings.tileFormat.rawValue)"
        let path = temporaryTiles + "/" + name
        let shownName = paths.tilesFolder + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw WriteError(path: shownName, reason: .system(errno: errno)) }
        let band: Band
        do {
            band = try Band(width: tile.width, rows: 0..<tile.height, format: header.channels, pixels: tile.pixels,
                            background: background)
        } catch {
            close(fd)
            throw WriteError(path: shownName, reason: .encoder(error.description))
        }
        let encoding = EncodeSettings(format: settings.tileFormat.sheetFormat, quality: quality)
        let sink = SheetEncoder.sink(for: encoding, fileDescriptor: fd, name: shownName)
        do {
            try sink.begin(SheetHeader(width: tile.width, height: tile.height, channels: header.channels))
            try sink.write(band)
            try sink.finish(manifest: nil)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw WriteError(path: shownName, reason: .system(errno: errno)) }
        tilesWritten += 1
    }

    /// Moves the finished pyramid into place: the tiles' folder (an earlier one moved aside
    /// into the temporary folder, and back should the move fail), the manifest (an earlier
    /// one removed when there is none), the `.dzi` last; then removes the temporary folder.
    private func commit(hasManifest: Bool) throws(WriteError) {
        let previous = temporary + "/previous" + paths.tilesFolderName
        let movedAside = rename(paths.tilesFolder, previous) == 0
        if !movedAside, errno != ENOENT { throw WriteError(path: paths.tilesFolder, reason: .system(errno: errno)) }
        if rename(temporaryTiles, paths.tilesFolder) != 0 {
            let failure = errno
            if movedAside { rename(previous, paths.tilesFolder) }
            throw WriteError(path: paths.tilesFolder, reason: .system(errno: failure))
        }
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
        settled = true
        try? FileManager.default.removeItem(atPath: temporary)
        TemporaryFiles.shared.remove(temporary)
    }

    private var temporaryTiles: String { temporary + "/" + paths.tilesFolderName }

    private func makeFolder(_ path: String) throws(WriteError) {
        guard mkdir(path, 0o777) == 0 else { throw WriteError(path: path, reason: .system(errno: errno)) }
    }

    private func refusal(_ why: String) -> WriteError {
        WriteError(path: paths.descriptor, reason: .refused(why))
    }

    /// Removes the temporary folder when a step fails: no half pyramid stays behind.
    private func discarding(_ step: () throws(WriteError) -> Void) throws(WriteError) {
        do {
            try step()
        } catch {
            discard()
            throw error
        }
    }

    /// Removes the temporary folder, with every pyramid tile written so far.
    private func discard() {
        guard !settled else { return }
        settled = true
        try? FileManager.default.removeItem(atPath: temporary)
        TemporaryFiles.shared.remove(temporary)
    }
}
