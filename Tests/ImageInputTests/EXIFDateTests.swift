@testable import ImageInput
import Testing

/// The date reader on hand-built TIFF data: DateTimeOriginal in the Exif IFD with its
/// offset, DateTime as the fallback, and pointers that lead nowhere or back.
@Suite("EXIF dates")
struct EXIFDateTests {
    /// Little-endian TIFF data: IFD0 at 8 with `ifd0` entries, an Exif IFD after it with
    /// `exif` entries when `exifAt` is nil (else IFD0's pointer says `exifAt`), then the
    /// strings. An entry's value is a string (ASCII, counted with its NUL) or a number (LONG).
    static func record(ifd0: [(UInt16, String)], exif: [(UInt16, String)] = [], exifAt: UInt32? = nil) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let pointer = !exif.isEmpty || exifAt != nil
        let ifd0Size = 2 + 12 * (ifd0.count + (pointer ? 1 : 0)) + 4
        let exifOffset = 8 + ifd0Size
        let exifSize = exif.isEmpty ? 0 : 2 + 12 * exif.count + 4
        var strings: [UInt8] = []
        let stringsAt = exifOffset + exifSize
        func ifd(_ entries: [(UInt16, String)], extra: [UInt8] = [], extraCount: Int = 0) -> [UInt8] {
            var bytes = u16(entries.count + extraCount) + extra
            for (tag, text) in entries {
                let value = Array(text.utf8) + [0]
                bytes += u16(Int(tag)) + u16(2) + u32(value.count)
                if value.count <= 4 {
                    bytes += value + [UInt8](repeating: 0, count: 4 - value.count)
                } else {
                    bytes += u32(stringsAt + strings.count)
                    strings += value
                }
            }
            return bytes + u32(0)
        }
        let pointerEntry = pointer ? u16(0x8769) + u16(4) + u32(1) + u32(Int(exifAt ?? UInt32(exifOffset))) : []
        let first = ifd(ifd0, extra: pointerEntry, extraCount: pointer ? 1 : 0)
        let second = exif.isEmpty ? [] : ifd(exif)
        return [0x49, 0x49, 42, 0] + u32(8) + first + second + strings
    }

    @Test("DateTimeOriginal and OffsetTimeOriginal come from the Exif IFD")
    func original() throws {
        let bytes = Self.record(ifd0: [(0x0132, "2025:01:01 00:00:00")],
                                exif: [(0x9003, "2021:06:17 14:03:09"), (0x9011, "+02:00")])
        let taken = try #require(EXIF(tiff: bytes).taken)
        #expect(taken.description == "2021-06-17T14:03:09+02:00")
        #expect(taken.instant == 1_623_931_389)
    }

    @Test("Without DateTimeOriginal, IFD0's DateTime with OffsetTime")
    func dateTime() {
        let bytes = Self.record(ifd0: [(0x0132, "2018:07:04 09:15:00")], exif: [(0x9010, "-05:30")])
        #expect(EXIF(tiff: bytes).taken?.description == "2018-07-04T09:15:00-05:30")
        #expect(EXIF(tiff: Self.record(ifd0: [(0x0132, "2018:07:04 09:15:00")])).taken?.description == "2018-07-04T09:15:00")
    }

    @Test("Blank, zero and impossible dates are no date", arguments: [
        "", "0000:00:00 00:00:00", "    :  :     :  :  ", "2021:02:29 10:00:00", "2021:13:01 10:00:00", "2021:01:01 24:00:00", "2021/01/01 10:00:00",
    ])
    func invalid(text: String) {
        #expect(EXIF(tiff: Self.record(ifd0: [(0x0132, text)])).taken == nil)
    }

    @Test("An Exif pointer back to IFD0, past the end or into the header leaves IFD0's date", arguments: [8 as UInt32, 4, 0xFFFF_FFF0])
    func badPointer(offset: UInt32) {
        let bytes = Self.record(ifd0: [(0x0132, "2018:07:04 09:15:00")], exifAt: offset)
        #expect(EXIF(tiff: bytes).taken?.description == "2018-07-04T09:15:00")
    }

    @Test("A date string pointing past the record is no date, at every cut")
    func truncated() {
        let bytes = Self.record(ifd0: [], exif: [(0x9003, "2021:06:17 14:03:09")])
        #expect(EXIF(tiff: bytes).taken != nil)
        for length in 0..<bytes.count {
            #expect(EXIF(tiff: bytes.prefix(length)).taken == nil, "cut at \(length)")
        }
    }

    @Test("A modification time is UTC", arguments: [
        (0, "1970-01-01T00:00:00+00:00"), (951_782_400, "2000-02-29T00:00:00+00:00"),
        (1_718_611_389, "2024-06-17T08:03:09+00:00"), (-1, "1969-12-31T23:59:59+00:00"),
    ])
    func epoch(seconds: Int, text: String) {
        let time = CaptureTime(secondsSinceEpoch: seconds)
        #expect(time.description == text)
        #expect(time.instant == seconds)
    }
}
