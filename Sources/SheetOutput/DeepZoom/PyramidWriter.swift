import Foundation
import PinboardIO
import Raster

/// What every pyramid sink shares, whatever its layout (`DeepZoomSink`, `IIIFSink`): the
/// temporary folder it fills, the levels built from the sheet's rows as they pass (see
/// `PyramidLevel`), and each pyramid tile encoded through its format's sink into the path
/// the layout names. One pyramid, several layouts: a sink says only where a pyramid tile
/// goes and what is written beside the tiles.
final class PyramidWriter {
    /// The destination, as errors name it.
    let destination: String
    let settings: DeepZoomSettings
    let quality: Int
    /// The folder the destination is in.
    let folder: String
    /// `.NAME.pinboard-PID.tmp/` in `folder`.
    let temporary: String
    private(set) var header: SheetHeader?
    /// Full size first.
    private(set) var levels: [PyramidLevel] = []
    private var settled = false
    private(set) var tilesWritten = 0
    private(set) var peakHeldRows = 0

    /// Creates the temporary folder in `folder`, named by `naming`, first removing those
    /// of killed runs.
    ///
    /// - Throws: `WriteError` naming `destination` when `folder` is missing or cannot hold a new folder.
    init(destination: String, folder: String, naming: StaleTemporaryFiles, settings: DeepZoomSettings, quality: Int) throws(WriteError) {
        self.destination = destination
        self.settings = settings
        self.quality = quality
        self.folder = folder
        naming.remove(in: folder)
        let pid = getpid()
        // A second write to the same pyramid from this process takes the next number.
        for attempt in 0..<100 {
            let path = folder + "/" + naming.name(pid: pid, attempt: attempt)
            if mkdir(path, 0o777) == 0 {
                temporary = path
                TemporaryFiles.shared.insert(path)
                return
            }
            if errno != EEXIST { break }
        }
        let failure = errno
        throw WriteError(path: destination, reason: failure == ENOENT ? .missingFolder(folder) : .system(errno: failure))
    }

    deinit {
        discard()
    }

    /// The rows every level holds right now.
    var heldRows: Int { levels.reduce(0) { $0 + $1.heldRows } }

    /// Refuses tile settings out of range, sets up a level for every size down to 1×1, then
    /// makes the folders the sink's layout names for those levels; on failure no half
    /// pyramid stays behind.
    func begin(_ header: SheetHeader, folders: ([PyramidLevel]) -> [String]) throws(WriteError) {
        try discarding { () throws(WriteError) in
            try setUp(header)
            for name in folders(levels) { try makeFolder(name) }
        }
    }

    /// Passes the band's rows down the levels, writing each pyramid tile they complete to
    /// the path `place` gives it inside the temporary folder; on failure no half pyramid
    /// stays behind.
    func write(_ band: Band, place: (PyramidTile) throws(WriteError) -> String) throws(WriteError) {
        try discarding { () throws(WriteError) in try pass(band, place: place) }
    }

    private func setUp(_ header: SheetHeader) throws(WriteError) {
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
    }

    private func pass(_ band: Band, place: (PyramidTile) throws(WriteError) -> String) throws(WriteError) {
        guard let header, let top = levels.first else { throw refusal("no sheet was begun") }
        guard band.width == header.width, band.format == header.channels, band.rows.lowerBound == top.receivedRows,
              band.rows.upperBound <= header.height else {
            throw refusal("band rows \(band.rows) of width \(band.width) do not follow row \(top.receivedRows) "
                + "of the \(header.width)×\(header.height) sheet")
        }
        let bytesPerRow = band.bytesPerRow
        for offset in 0..<band.rows.count {
            var next: [UInt8]? = band.withUnsafeBytes { bytes in
                Array(bytes[(offset * bytesPerRow)..<((offset + 1) * bytesPerRow)])
            }
            for index in levels.indices {
                guard let input = next else { break }
                let (halved, tiles) = levels[index].take(input)
                for tile in tiles { try write(tile, to: try place(tile), background: band.background) }
                next = halved
            }
            peakHeldRows = max(peakHeldRows, heldRows)
        }
    }

    /// Refuses a sheet that ended early: every level must have all its rows.
    func checkComplete() throws(WriteError) {
        guard header != nil, levels.allSatisfy(\.isComplete) else {
            throw refusal("the sheet ended after \(levels.first?.receivedRows ?? 0) of \(header?.height ?? 0) rows")
        }
    }

    /// Writes one pyramid tile at `name` inside the temporary folder through its format's sink.
    private func write(_ tile: PyramidTile, to name: String, background: Color) throws(WriteError) {
        guard let header else { throw refusal("no sheet was begun") }
        let path = temporary + "/" + name
        let shownName = folder + "/" + name
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

    /// Refuses a pyramid whose parts' paths hold a device, a FIFO or a socket, links
    /// followed: the rename into place would put files and folders where it was, and a
    /// pyramid is many files, which no stream can hold. Asked before anything is made, so a
    /// refused pyramid costs no work.
    ///
    /// - Throws: `WriteError` naming the first such part, `.unsuitableDestination`.
    static func refuseSpecialFiles(at parts: [String]) throws(WriteError) {
        for part in parts {
            guard let type = FileType.of(part), type != .folder else { continue }
            throw WriteError(path: part, reason: .unsuitableDestination(part, type))
        }
    }

    /// Renames the folder `staged` to `destination`, an earlier `destination` moved to
    /// `aside` first (in the temporary folder, removed with it) and back should the move fail.
    ///
    /// - Throws: `WriteError` naming `destination` when a rename fails.
    static func replace(_ destination: String, with staged: String, asideIn aside: String) throws(WriteError) {
        let movedAside = rename(destination, aside) == 0
        if !movedAside, errno != ENOENT { throw WriteError(path: destination, reason: .system(errno: errno)) }
        if rename(staged, destination) != 0 {
            let failure = errno
            if movedAside { rename(aside, destination) }
            throw WriteError(path: destination, reason: .system(errno: failure))
        }
    }

    /// Makes the folder `name` inside the temporary folder.
    func makeFolder(_ name: String) throws(WriteError) {
        guard mkdir(temporary + "/" + name, 0o777) == 0 else { throw WriteError(path: folder + "/" + name, reason: .system(errno: errno)) }
    }

    func refusal(_ why: String) -> WriteError {
        WriteError(path: destination, reason: .refused(why))
    }

    /// Runs a step of the write; when it fails, removes the temporary folder: no half
    /// pyramid stays behind.
    func discarding(_ step: () throws(WriteError) -> Void) throws(WriteError) {
        do {
            try step()
        } catch {
            discard()
            throw error
        }
    }

    /// Called once the pyramid is in place: removes what is left of the temporary folder.
    func settle() {
        discard()
    }

    /// Removes the temporary folder, with every pyramid tile written so far.
    private func discard() {
        guard !settled else { return }
        settled = true
        try? FileManager.default.removeItem(atPath: temporary)
        TemporaryFiles.shared.remove(temporary)
    }
}
