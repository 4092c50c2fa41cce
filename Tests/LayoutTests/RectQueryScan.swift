import Geometry
import Layout
import TestSupport
import Testing

/// Holds a layout's `tiles(meeting:)` against a scan of every tile, for random rects in and
/// around the sheet: any mode, the same rule.
enum RectQueryScan {
    static func check(_ layout: some SheetLayout, random: inout SplitMix64, seed: UInt64, rects: Int = 60) {
        let sheet = layout.sheet
        for _ in 0..<rects {
            let x = random.int(in: -20...sheet.width + 20)
            let y = random.int(in: -20...sheet.height + 20)
            let rect = Rect(x: x, y: y, width: random.int(in: 0...sheet.width / 2 + 1), height: random.int(in: 0...sheet.height / 3 + 1))
            #expect(layout.tiles(meeting: rect) == scanned(layout, meeting: rect), "seed \(seed), rect \(rect)")
        }
    }

    /// The tiles whose image or caption meets `rect`, found by looking at every tile: what
    /// `tiles(meeting:)` must give.
    static func scanned(_ layout: some SheetLayout, meeting rect: Rect) -> [Tile] {
        layout.tiles.filter { $0.rect.intersects(rect) || ($0.labelRect?.intersects(rect) ?? false) }
    }
}
