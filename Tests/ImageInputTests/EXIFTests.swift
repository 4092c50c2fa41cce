@testable import ImageInput
import TestSupport
import Testing

/// The orientation parser on hand-built TIFF data: both byte orders, and every way EXIF goes wrong in the wild.
@Suite("EXIF orientation")
struct EXIFTests {
    /// TIFF data with one IFD0 entry per (tag, type, value), in the given byte order.
    static func tiff(bigEndian: Bool, entries: [(tag: UInt16, type: UInt16, value: UInt32)], ifdOffset: UInt32 = 8) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) }
        var bytes: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(ifdOffset)
        bytes += [UInt8](repeating: 0, count: Int(ifdOffset) - 8)
        bytes += u16(UInt16(entries.count))
        for entry in entries {
            // A SHORT value sits in the first two bytes of the four-byte value field.
            let value = entry.type == 3 ? u16(UInt16(entry.value)) + [0, 0] : u32(entry.value)
            bytes += u16(entry.tag) + u16(entry.type) + u32(1) + value
        }
        return bytes + u32(0)
    }

    @Test("The tag is read in both byte orders", arguments: [false, true], 1...8)
    func bothByteOrders(bigEndian: Bool, value: Int) {
        let bytes = Self.tiff(bigEndian: bigEndian, entries: [(0x010F, 2, 0), (0x0112, 3, UInt32(value)), (0x011A, 5, 0)])
        #expect(EXIF(tiff: bytes).orientation == Orientation(rawValue: value))
    }

    @Test("A LONG orientation, as a few tools write it, is read too")
    func longType() {
        #expect(EXIF(tiff: Self.tiff(bigEndian: true, entries: [(0x0112, 4, 6)])).orientation == .rotate90Clockwise)
    }

    @Test("No orientation tag means none")
    func missingTag() {
        #expect(EXIF(tiff: Self.tiff(bigEndian: false, entries: [(0x010F, 2, 0), (0x0132, 2, 0)])).orientation == nil)
        #expect(EXIF(tiff: Self.tiff(bigEndian: true, entries: [])).orientation == nil)
    }

    @Test("Values outside 1…8 and other types are ignored", arguments: [(3 as UInt16, 0 as UInt32), (3, 9), (3, 0xFFFF), (2, 6), (4, 0x1_0006)])
    func invalidValue(type: UInt16, value: UInt32) {
        #expect(EXIF(tiff: Self.tiff(bigEndian: false, entries: [(0x0112, type, value)])).orientation == nil)
    }

    @Test("IFD0 may sit anywhere after the header")
    func distantIFD() {
        let bytes = Self.tiff(bigEndian: false, entries: [(0x0112, 3, 8)], ifdOffset: 300)
        #expect(EXIF(tiff: bytes).orientation == .rotate270Clockwise)
    }

    @Test("Every truncation of valid data gives nil, never a trap")
    func everyTruncation() {
        let bytes = Self.tiff(bigEndian: true, entries: [(0x010F, 2, 0), (0x0110, 2, 0), (0x0112, 3, 3)])
        #expect(EXIF(tiff: bytes).orientation == .rotate180)
        // The orientation is the third entry: 8 header + 2 count + 3 × 12 bytes.
        for length in 0..<(8 + 2 + 36) {
            #expect(EXIF(tiff: bytes.prefix(length)).orientation == nil, "cut at \(length)")
        }
    }

    @Test("Broken headers are refused", arguments: [
        [UInt8]([0x49, 0x4D, 42, 0, 8, 0, 0, 0, 0, 0]),  // mixed byte order mark
        [0x49, 0x49, 43, 0, 8, 0, 0, 0, 0, 0],  // BigTIFF magic, not EXIF's
        [0x4D, 0x4D, 0, 42, 0, 0, 0, 4, 0, 0],  // IFD0 inside the header
        [0x4D, 0x4D, 0, 42, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0],  // IFD0 far past the record
    ])
    func brokenHeader(bytes: [UInt8]) {
        #expect(EXIF(tiff: bytes) == EXIF())
    }

    /// Random TIFF data after a valid byte order mark: half of it with IFD0 just past the
    /// header and a few entries (some of them the orientation tag), cut anywhere, so the
    /// scan gets past the header as often as it stops there.
    static func randomTIFF(_ random: inout SplitMix64, bigEndian: Bool) -> [UInt8] {
        guard random.chance(1, in: 2) else {
            let header: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
            return header + (0..<random.int(in: 0...80)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        let entries = (0..<random.int(in: 0...3)).map { _ in
            (tag: random.chance(1, in: 2) ? EXIF.orientationTag : UInt16(truncatingIfNeeded: random.next()),
             type: UInt16(random.element(of: [3, 4, random.int(in: 0...12)])), value: UInt32(random.int(in: 0...9)))
        }
        let bytes = tiff(bigEndian: bigEndian, entries: entries)
        return Array(bytes.prefix(random.int(in: 0...bytes.count)))
    }

    @Test("Random bytes never trap, and an orientation found holds when more bytes follow")
    func randomBytes() {
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        var found = 0, absent = 0
        for round in 0..<2000 {
            let bytes = Self.randomTIFF(&random, bigEndian: round % 2 == 1)
            let longer = bytes + (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if let orientation = EXIF(tiff: bytes).orientation {
                found += 1
                #expect(EXIF(tiff: longer).orientation == orientation, "bytes after IFD0 changed \(bytes)")
            } else {
                absent += 1
            }
        }
        // Both outcomes are reached, or the case above tests nothing.
        #expect(found > 20 && absent > 100, "found \(found), absent \(absent)")
    }
}
