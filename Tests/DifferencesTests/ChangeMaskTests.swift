import Differences
import Raster
import TestSupport
import Testing

@Suite("Change masks")
struct ChangeMaskTests {
    @Test("compared rows set exactly the changed pixels' bits, across word boundaries", arguments: [1, 63, 64, 65, 130])
    func comparedRows(width: Int) throws {
        var generator = SplitMix64(seed: UInt64(width))
        var mask = try ChangeMask(width: width, height: 3)
        #expect(mask.wordsPerRow == (width + 63) / 64)
        var expected: [[Bool]] = []
        for y in 0..<3 {
            let a = (0..<(4 * width)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Every pixel at a word's edge changes on row 1; otherwise about half do.
            let b = a.enumerated().map { index, value -> UInt8 in
                let x = index / 4
                let edge = x % 64 == 0 || x % 64 == 63 || x == width - 1
                return (y == 1 && edge) || Bool.random(using: &generator) ? value ^ 0x40 : value
            }
            let difference = a.withUnsafeBytes { a in b.withUnsafeBytes { b in mask.compare(row: y, a, b, threshold: 3) } }
            let changed = DiffReference.channelDifferences(a, b).map { $0 > 3 }
            #expect(difference == DiffReference.compare(a, b, threshold: 3))
            expected.append(changed)
        }
        for y in 0..<3 {
            for x in 0..<width {
                #expect(mask[x, y] == expected[y][x], "(\(x), \(y))")
            }
            let spare = mask.withRow(y) { $0.last.map { width % 64 == 0 ? 0 : $0 >> (width % 64) } }
            #expect(spare == 0, "row \(y): bits past the width")
        }
        #expect(mask.changedCount == expected.joined().filter { $0 }.count)
    }

    @Test("comparing a row again replaces what it held")
    func compareReplaces() throws {
        var mask = try ChangeMask(width: 70, height: 1)
        mask.mark(0..<70, row: 0)
        let row = [UInt8](repeating: 9, count: 280)
        _ = row.withUnsafeBytes { mask.compare(row: 0, $0, $0, threshold: 0) }
        #expect(mask.changedCount == 0)
    }

    @Test("marking a run of columns sets those bits only", arguments: [0..<1, 60..<70, 63..<65, 0..<130, 64..<128, 129..<130, 5..<5])
    func mark(columns: Range<Int>) throws {
        var mask = try ChangeMask(width: 130, height: 2)
        mask.mark(columns, row: 1)
        for x in 0..<130 {
            #expect(mask[x, 0] == false)
            #expect(mask[x, 1] == columns.contains(x), "column \(x)")
        }
        #expect(mask.changedCount == columns.count)
    }

    @Test("an empty mask is allowed, a negative side is not")
    func sizes() throws {
        #expect(try ChangeMask(width: 0, height: 4).changedCount == 0)
        #expect(throws: RasterError.invalidSize(width: -1, height: 2)) { try ChangeMask(width: -1, height: 2) }
    }
}
