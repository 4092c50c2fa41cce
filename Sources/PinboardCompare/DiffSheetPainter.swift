import Differences
import Geometry
import Layout
import Pinboard
import Raster
import SheetManifest
import SheetOutput

/// Draws the diff sheet of a tile comparison: sheet B again, with what did not change faded
/// so the eye goes to what did.
///
/// Tiles unchanged and the space between tiles are faded 75% towards white; a changed tile
/// is drawn as it is with its changed pixels in `DiffPaint.changedColor`, those that differ
/// by anti-aliasing only in `DiffPaint.antialiasedColor` and its ignored areas hatched; a
/// tile only on B is framed in `DiffPaint.addedColor`; one whose size changed is framed in
/// `DiffPaint.resizedColor`, compared over the area both sizes share and the rest hatched:
/// B's tile padded to show what A did not have.
/// B is read again from the start, a band at a time, the next band decoded while the last
/// is painted (`BandPipeline`).
enum DiffSheetPainter {
    static let frameThickness = 3

    static func paint(
        _ sheet: ComparedSheet, manifest: Manifest, marks: [DiffMark], style: DiffStyle, to destination: SheetComparer.DiffSheet
    ) throws(CompareError) -> ComposedSheet? {
        guard let output = try DiffSheetOutput(destination, width: manifest.width, height: manifest.height, manifest: manifest, style: style) else {
            return nil
        }
        let painter = BandPainter(manifest: manifest, marks: marks, style: style, output: output)
        try BandPipeline.run([try SheetBandReader(sheet)]) { bands, top in painter.paint(bands[0], top: top) }
        return try output.finish()
    }

    /// Paints bands in order; one thread at a time uses it.
    private final class BandPainter: @unchecked Sendable {
        private let manifest: Manifest
        private let marks: [DiffMark]
        private let output: DiffSheetOutput
        private let style: DiffStyle
        /// The marked tiles by their top edge, the next to become active, and those active.
        private let marked: [Int]
        private var nextMarked = 0
        private var active: [Int] = []
        private var row: [UInt8]

        init(manifest: Manifest, marks: [DiffMark], style: DiffStyle, output: DiffSheetOutput) {
            self.manifest = manifest
            self.style = style
            self.marks = marks
            self.output = output
            marked = manifest.items.indices.filter { if case .unchanged = marks[$0] { false } else { true } }
                .sorted { manifest.items[$0].y < manifest.items[$1].y }
            row = Array(repeating: 0, count: manifest.width * 4)
        }

        /// Paints and writes the rows of `band`, whose first row is sheet row `top`; the error
        /// is the output's.
        func paint(_ band: [UInt8], top: Int) -> CompareError? {
            let stride = manifest.width * 4
            for y in top..<top + band.count / stride {
                while nextMarked < marked.count, manifest.items[marked[nextMarked]].y <= y {
                    active.append(marked[nextMarked])
                    nextMarked += 1
                }
                active.removeAll { manifest.items[$0].rect.maxY <= y }
                band.withUnsafeBytes { source in
                    let original = UnsafeRawBufferPointer(rebasing: source[(y - top) * stride..<(y - top + 1) * stride])
                    row.withUnsafeMutableBytes { row in
                        row.copyMemory(from: original)
                        style.ground(row, columns: 0..<manifest.width)
                        for index in active {
                            draw(marks[index], of: manifest.items[index], row: row, y: y, original: original)
                        }
                    }
                }
                do {
                    try output.write(row: row)
                } catch {
                    return error
                }
            }
            return nil
        }

        /// Draws row `y` of a marked tile: as it is, then its highlights or its frame.
        private func draw(
            _ mark: DiffMark, of item: Manifest.Item, row: UnsafeMutableRawBufferPointer, y: Int, original: UnsafeRawBufferPointer
        ) {
            let bytes = item.x * 4..<(item.x + item.width) * 4
            UnsafeMutableRawBufferPointer(rebasing: row[bytes]).copyMemory(from: UnsafeRawBufferPointer(rebasing: original[bytes]))
            style.ground(row, columns: item.x..<item.x + item.width, marked: true)
            let rect = Rect(x: item.x, y: item.y, width: item.width, height: item.height)
            switch mark {
            case .unchanged:
                return
            case .marked(let marks):
                marks.changes.withRow(y - item.y) { changes in
                    if let antialiased = marks.antialiased {
                        antialiased.withRow(y - item.y) { antialiased in
                            style.paint(row, changes: changes, antialiased: antialiased, at: item.x, count: item.width)
                        }
                    } else {
                        style.paint(row, changes: changes, antialiased: nil, at: item.x, count: item.width)
                    }
                }
                guard style.marksAreas else { return }
                for area in marks.ignored {
                    let placed = Rect(x: item.x + area.x, y: item.y + area.y, width: area.width, height: area.height)
                    DiffPaint.hatch(row, y: y, rect: placed, color: DiffPaint.maskedColor)
                }
                if let common = marks.common {
                    DiffPaint.hatchPadding(row, y: y, area: rect, common: common)
                    DiffPaint.frame(row, y: y, rect: rect, thickness: frameThickness, color: DiffPaint.resizedColor)
                }
            case .added:
                guard style.marksAreas else { return }
                DiffPaint.frame(row, y: y, rect: rect, thickness: frameThickness, color: DiffPaint.addedColor)
            }
        }
    }
}
