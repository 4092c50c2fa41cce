import Differences
import Geometry
import ImageInput
import PNGCodec
import Pinboard
import PinboardIO
import Raster
import SheetOutput

/// Writes the images a report shows, as PNG through pinboard's own writer: each entry's
/// expected crop (from A), actual crop (from B) and picture of the differences.
///
/// Sheets are read again band by band (`TileCutter`), A then B, each only as far as its
/// last wanted rect; files are decoded whole, one at a time. A crop is written as soon as
/// it is cut, and a diff is made when B's crop is cut, from A's crop read back from the file
/// just written, so memory holds the tiles crossing a band, never every crop of a report.
struct ReportImageWriter {
    /// The report's folder; the images go where each `ReportImage.path` says below it.
    let folder: String
    /// The comparison's own options: each entry's criteria (its rule's, if one judged it),
    /// so a crop's diff paints what the comparison counted (anti-aliased pixels in their own
    /// colour), drawn in the comparison's `DiffStyle`.
    let options: ComparisonOptions

    func write(_ report: ComparisonReport, sides: ComparisonSides?) throws(CompareError) {
        let entries = report.entries
        let sheets = sides?.sheets
        try cut(entries.indices.compactMap { index in entries[index].expectedOrigin.map { (index, $0) } }, from: sheets?.a) {
            index, pixels, width throws(CompareError) in
            if let expected = entries[index].expected { try save(pixels, width: width, as: expected) }
        }
        try cut(entries.indices.compactMap { index in entries[index].actualOrigin.map { (index, $0) } }, from: sheets?.b) {
            index, pixels, width throws(CompareError) in
            let entry = entries[index]
            if let actual = entry.actual { try save(pixels, width: width, as: actual) }
            if let diff = entry.diff, let expected = entry.expected {
                let painted = Self.painted(
                    try load(expected), pixels, width: width, criteria: options.judging(entry.name).criteria, style: options.drawing)
                try save(painted, width: width, as: diff)
            }
        }
    }

    /// Hands over the pixels of each wanted origin, straight RGBA, with the entry's index.
    private func cut(
        _ wanted: [(index: Int, origin: ReportEntry.Origin)], from sheet: ComparedSheet?,
        _ body: (Int, [UInt8], Int) throws(CompareError) -> Void
    ) throws(CompareError) {
        var rects: [(id: Int, rect: Rect)] = []
        for (index, origin) in wanted {
            switch origin {
            case .sheet(let rect):
                rects.append((index, rect))
            case .file(let path):
                let image = try FolderComparer.decode(Source(path: path))
                try body(index, image.pixels, image.width)
            }
        }
        guard !rects.isEmpty, let sheet else { return }
        let cutter = TileCutter(reader: try SheetBandReader(sheet), wanted: rects)
        var remaining = rects.count
        while remaining > 0, !cutter.isFinished {
            for cut in try cutter.advance() {
                try body(cut.id, cut.pixels, cut.width)
                remaining -= 1
            }
        }
    }

    /// B's pixels faded towards white, with those that differ from A's by `criteria` in
    /// the style's changed colour and those anti-aliased in its anti-aliased colour: the
    /// diff sheet's look, for one crop of A's size.
    static func painted(_ a: [UInt8], _ b: [UInt8], width: Int, criteria: PixelCriteria, style: DiffStyle = DiffStyle()) -> [UInt8] {
        let height = width == 0 ? 0 : min(a.count, b.count) / (width * 4)
        var painted = b
        var scanner = ChangeScanner(width: width, height: height, criteria: criteria)
        let stride = width * 4
        let paint = { (scanned: ChangeScanner.ScannedRow) in
            let start = scanned.y * stride
            painted[start..<start + stride].withUnsafeMutableBytes { row in
                style.ground(row, columns: 0..<width)
                style.paint(row, changes: scanned.changes, antialiased: scanned.antialiased, at: 0, count: width)
            }
        }
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                for y in 0..<height {
                    let rows = y * stride..<(y + 1) * stride
                    scanner.add(UnsafeRawBufferPointer(rebasing: a[rows]), UnsafeRawBufferPointer(rebasing: b[rows]), scanned: paint)
                }
            }
        }
        scanner.finish(scanned: paint)
        return painted
    }

    /// Writes one crop as a PNG through the sheet sink, atomically like every output.
    private func save(_ pixels: [UInt8], width: Int, as image: ReportImage) throws(CompareError) {
        let path = folder + "/" + image.path
        let height = pixels.count / (width * 4)
        let band: Band
        do {
            band = try Band(width: width, rows: 0..<height, format: .rgba, pixels: pixels, background: .transparent)
        } catch {
            throw .sheet(.cannotWrite(WriteError(path: path, reason: .encoder(error.description))))
        }
        do throws(WriteError) {
            let sink = try AtomicSheetFile(path: path) { fd, name in PNGSheetSink(fileDescriptor: fd, name: name) }
            try sink.begin(SheetHeader(width: width, height: height, channels: .rgba))
            try sink.write(band)
            try sink.finish(manifest: nil)
        } catch {
            throw .sheet(.cannotWrite(error))
        }
    }

    private func load(_ image: ReportImage) throws(CompareError) -> [UInt8] {
        let path = folder + "/" + image.path
        do {
            return try PNGDecoder.decode(path: path).pixels
        } catch {
            throw .unreadableImage(path: path, reason: error.reason.description)
        }
    }
}
