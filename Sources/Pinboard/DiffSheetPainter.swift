import Layout
import Raster

/// Draws the diff sheet of a tile comparison: sheet B again, with what did not change faded
/// so the eye goes to what did.
///
/// Tiles unchanged and the space between tiles are faded 75% towards white; a changed tile
/// is drawn as it is with its changed pixels in `DiffPaint.changedColor`; a tile only on B
/// is framed in `DiffPaint.addedColor`, one whose size changed in `DiffPaint.resizedColor`.
/// B is read again from the start, so only a band of it is in memory.
enum DiffSheetPainter {
    static let frameThickness = 3

    static func paint(
        _ sheet: ComparedSheet, manifest: Manifest, marks: [DiffMark], to destination: SheetComparer.DiffSheet
    ) throws(PinboardError) -> ComposedSheet? {
        guard let output = try DiffSheetOutput(destination, width: manifest.width, height: manifest.height, manifest: manifest) else {
            return nil
        }
        let reader = try SheetBandReader(sheet)
        let width = reader.width
        let stride = width * 4
        let bandRows = 64
        var band = [UInt8](repeating: 0, count: stride * bandRows)
        var row = [UInt8](repeating: 0, count: stride)
        let marked = manifest.items.indices.filter { if case .unchanged = marks[$0] { false } else { true } }
            .sorted { manifest.items[$0].y < manifest.items[$1].y }
        var nextMarked = 0
        var active: [Int] = []
        var top = 0
        while top < reader.height {
            let count = min(bandRows, reader.height - top)
            try reader.read(count, into: &band)
            for y in top..<top + count {
                while nextMarked < marked.count, manifest.items[marked[nextMarked]].y <= y {
                    active.append(marked[nextMarked])
                    nextMarked += 1
                }
                active.removeAll { manifest.items[$0].rect.maxY <= y }
                band.withUnsafeBytes { source in
                    let original = UnsafeRawBufferPointer(rebasing: source[(y - top) * stride..<(y - top + 1) * stride])
                    row.withUnsafeMutableBytes { row in
                        row.copyMemory(from: original)
                        DiffPaint.fade(row, columns: 0..<width)
                        for index in active {
                            draw(marks[index], of: manifest.items[index], row: row, y: y, original: original)
                        }
                    }
                }
                try output.write(row: row)
            }
            top += count
        }
        return try output.finish()
    }

    /// Draws row `y` of a marked tile: as it is, then its highlights or its frame.
    private static func draw(
        _ mark: DiffMark, of item: Manifest.Item, row: UnsafeMutableRawBufferPointer, y: Int, original: UnsafeRawBufferPointer
    ) {
        let columns = item.x..<item.x + item.width
        UnsafeMutableRawBufferPointer(rebasing: row[columns.lowerBound * 4..<columns.upperBound * 4])
            .copyMemory(from: UnsafeRawBufferPointer(rebasing: original[columns.lowerBound * 4..<columns.upperBound * 4]))
        DiffPaint.opaque(row, columns: columns)
        let rect = PixelRect(x: item.x, y: item.y, width: item.width, height: item.height)
        switch mark {
        case .unchanged:
            return
        case .changed(let mask):
            mask.withRow(y - item.y) { changes in
                DiffPaint.highlight(row, changes: changes, at: item.x, count: item.width)
            }
        case .added:
            DiffPaint.frame(row, y: y, rect: rect, thickness: frameThickness, color: DiffPaint.addedColor)
        case .resized:
            DiffPaint.frame(row, y: y, rect: rect, thickness: frameThickness, color: DiffPaint.resizedColor)
        }
    }
}
