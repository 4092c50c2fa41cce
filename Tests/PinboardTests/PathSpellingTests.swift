import Pinboard
import PinboardIO
import TestSupport
import Testing

@Suite("Path spelling")
struct PathSpellingTests {
    @Test("Bytes are spelled as the documentation says", arguments: [
        (Array("photos/a.png".utf8), "photos/a.png"),
        (Array("café.png".utf8), "café.png"),
        ([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x70, 0x6E, 0x67], "caf\\xE9.png"),
        (Array("a\\b.png".utf8), "a\\\\b.png"),
        (Array("a\\xE9.png".utf8), "a\\\\xE9.png"),
        ([0xFF, 0xFE], "\\xFF\\xFE"),
        ([0xE2, 0x82], "\\xE2\\x82"),
        ([0xC3, 0xA9, 0xC3], "é\\xC3"),
        (Array("tab\there\n\u{1B}[31m".utf8), "tab\there\n\u{1B}[31m"),
    ])
    func spelling(bytes: [UInt8], spelled: String) {
        #expect(PathSpelling.spelling(of: bytes) == spelled)
        #expect(PathSpelling.bytes(of: spelled) == bytes)
    }

    @Test("Every byte string reads back from its spelling, and no two share one")
    func roundTrip() {
        var generator = SplitMix64(seed: 16)
        var seen: [String: [UInt8]] = [:]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                // Backslashes, x, hex digits and high bytes often, so escapes collide if they can.
                [0x5C, 0x78, 0x45, 0x39, 0xE9, 0xC3, 0xA9, 0x80, UInt8.random(in: 1...255, using: &generator)]
                    .randomElement(using: &generator) ?? 0
            }
            let spelled = PathSpelling.spelling(of: bytes)
            #expect(PathSpelling.bytes(of: spelled) == bytes)
            if let other = seen[spelled] { #expect(other == bytes) }
            seen[spelled] = bytes
        }
    }
}
