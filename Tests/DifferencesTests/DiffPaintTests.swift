import Differences
import Geometry
import Raster
import Testing

@Suite("Painting the diff sheet")
struct DiffPaintTests {
    static func painted(_ pixels: [[UInt8]], _ body: (UnsafeMutableRawBufferPointer) -> Void) -> [[UInt8]] {
        var row = Array(pixels.joined())
        row.withUnsafeMutableBytes(body)
        return stride(from: 0, to: row.count, by: 4).map { Array(row[$0..<($0 + 4)]) }
    }

    @Test("opaque composites over white, rounded to the nearest")
    func opaque() {
        let result = Self.painted([[100, 50, 0, 128], [1, 2, 3, 255], [9, 9, 9, 0], [7, 7, 7, 7]]) {
            DiffPaint.opaque($0, columns: 0..<3)
        }
        // 100·128/255 + 127 = 177.2; 50·128/255 + 127 = 152.1; 0 + 127 = 127.
        #expect(result == [[177, 152, 127, 255], [1, 2, 3, 255], [255, 255, 255, 255], [7, 7, 7, 7]])
    }

    @Test("fade moves 3/4 of the way to white, halves rounded up")
    func fade() {
        let result = Self.painted([[0, 1, 255, 255], [100, 50, 0, 128], [9, 9, 9, 0], [7, 7, 7, 7]]) {
            DiffPaint.fade($0, columns: 0..<3)
        }
        // 0 + 191.25 = 191; 1 + 190.5 = 192 (up); 255 stays; over white first: 177 + 58.5 = 236 (up),
        // 152 + 77.25 = 229, 127 + 96 = 223.
        #expect(result == [[191, 192, 255, 255], [236, 229, 223, 255], [255, 255, 255, 255], [7, 7, 7, 7]])
    }

    @Test("highlight paints the mask's set bits at its offset, words past the count ignored")
    func highlight() {
        let count = 130
        var words = [UInt64](repeating: 0, count: 3)
        for pixel in [0, 63, 64, 129] { words[pixel / 64] |= 1 << UInt64(pixel % 64) }
        words[2] |= 1 << 5  // pixel 133: past the count
        let result = Self.painted(Array(repeating: [1, 2, 3, 4], count: 140)) { row in
            words.withUnsafeBufferPointer { DiffPaint.highlight(row, changes: $0, at: 5, count: count) }
        }
        let magenta: [UInt8] = [0xff, 0x00, 0x50, 0xff]
        for x in 0..<140 {
            #expect(result[x] == ([5, 68, 69, 134].contains(x) ? magenta : [1, 2, 3, 4]), "column \(x)")
        }
    }

    @Test("a frame is the rect's full width on its edge rows, its sides between", arguments: [
        (0, [Int]()), (1, Array(2..<8)), (2, Array(2..<8)), (3, [2, 3, 6, 7]), (5, Array(2..<8)), (6, Array(2..<8)), (7, []),
    ])
    func frame(y: Int, expected: [Int]) {
        let rect = Rect(x: 2, y: 1, width: 6, height: 6)
        let result = Self.painted(Array(repeating: [0, 0, 0, 0], count: 10)) {
            DiffPaint.frame($0, y: y, rect: rect, thickness: 2, color: DiffPaint.addedColor)
        }
        for x in 0..<10 {
            #expect(result[x] == (expected.contains(x) ? [0x00, 0xb0, 0x50, 0xff] : [0, 0, 0, 0]), "column \(x)")
        }
    }

    @Test("a frame is clipped to the row")
    func frameClipped() {
        let orange: [UInt8] = [0xff, 0x8c, 0x00, 0xff]
        let sides = Self.painted(Array(repeating: [0, 0, 0, 0], count: 6)) {
            DiffPaint.frame($0, y: 4, rect: Rect(x: -3, y: 0, width: 20, height: 9), thickness: 3, color: DiffPaint.resizedColor)
        }
        #expect(sides == Array(repeating: [0, 0, 0, 0], count: 6))
        let top = Self.painted(Array(repeating: [0, 0, 0, 0], count: 6)) {
            DiffPaint.frame($0, y: 0, rect: Rect(x: 4, y: 0, width: 20, height: 9), thickness: 1, color: DiffPaint.resizedColor)
        }
        #expect(top == [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], orange, orange])
        let far = Self.painted([[0, 0, 0, 0]]) {
            DiffPaint.frame($0, y: 0, rect: Rect(x: 40, y: 0, width: 2, height: 2), thickness: 1, color: DiffPaint.resizedColor)
        }
        #expect(far == [[0, 0, 0, 0]])
    }
}
