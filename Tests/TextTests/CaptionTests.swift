import Foundation
import Geometry
import Raster
import Testing
import TestSupport
import Text

@Suite("Caption")
struct CaptionTests {
    static let font: Font = {
        // The committed copy, so results do not depend on the system's fonts.
        guard let font = try? Font(path: Fixture.path("fonts/DejaVuSans.ttf")) else { preconditionFailure("Fixtures/fonts/DejaVuSans.ttf") }
        return font
    }()

    /// Names no caption may crash on: scripts, emoji, marks, controls, bytes that were not UTF-8.
    static let awkwardNames: [String] = [
        "", " ", "a", "IMG_0001.JPG", "holiday 2024 — beach (final) [2].png",
        "👨‍👩‍👧‍👦 family 🇫🇷🇯🇵 👍🏽.jpg", "東京タワー_夜景_写真.png", "서울의 밤.jpg",
        "e\u{301}e\u{301}e\u{301}\u{325}\u{301}\u{302}\u{303}\u{304}", "\u{301}\u{301}\u{301} leading marks",
        "مرحبا بالعالم.png", "שלום עולם.jpg", "mixed עברית and English.png", "\u{202E}gnp.exe\u{202C}",
        "tab\there\nnewline\r\n\u{0}\u{7}\u{1B}[31m\u{7F}\u{85}\u{9F}", "zero\u{200B}width\u{200D}joiner\u{FE0F}",
        String(decoding: [0x66, 0x6F, 0xFF, 0xFE, 0x80, 0xC3, 0x28, 0xE2, 0x82, 0x2E, 0x6A, 0x70, 0x67], as: UTF8.self),
        "\u{FFFD}\u{FFFF}\u{E000}\u{10FFFF}\u{F8FF}", "𝕳𝖊𝖑𝖑𝖔 𓀀 𐍈", "ﷺ ﷽", "W" + String(repeating: "W", count: 400),
        String(repeating: "\u{301}", count: 200), "…", "......",
    ]

    @Test("text that fits is drawn whole", arguments: ["a", "IMG_0001.JPG", "Holiday 2024.jpg"])
    func fits(name: String) throws {
        let caption = try Caption(name, font: Self.font, pixelSize: 14, boxWidth: 200)
        #expect(caption.text == name)
        #expect(!caption.isTruncated)
        #expect(caption.advance <= 200 && caption.advance > 0)
        #expect(caption.height == 17 && caption.baseline == 13 && caption.width == 200)
        #expect(caption.coverage.count == 200 * 17)
        #expect(caption.coverage.contains { $0 > 0 })
    }

    @Test(
        "a narrow box cuts at a character and ends in …",
        arguments: [("a-very-long-file-name-from-the-camera.jpg", 80), ("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", 30),
                    ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 100), ("🇫🇷🇯🇵🇫🇷🇯🇵🇫🇷🇯🇵🇫🇷🇯🇵", 40),
                    ("東京タワー_夜景_写真.png", 60), ("holiday photos.jpg", 75)])
    func truncates(name: String, width: Int) throws {
        let caption = try Caption(name, font: Self.font, pixelSize: 14, boxWidth: width)
        #expect(caption.isTruncated)
        #expect(caption.text.hasSuffix(Caption.ellipsis))
        #expect(caption.advance <= width)
        // The kept part is whole characters from the start of the name, without trailing space.
        let kept = Array(caption.text.dropLast())
        #expect(!kept.isEmpty)
        #expect(Array(name).starts(with: kept))
        #expect(kept.last?.isWhitespace == false)
        // What was drawn is exactly the cut text: drawing it alone gives the same pixels.
        let redrawn = try Caption(caption.text, font: Self.font, pixelSize: 14, boxWidth: width)
        #expect(!redrawn.isTruncated)
        #expect(redrawn.text == caption.text)
        #expect(redrawn.coverage == caption.coverage)
    }

    @Test("a very long name is cut as a short one that overflows is")
    func veryLong() throws {
        let name = "IMG_" + String(repeating: "0123456789", count: 50_000)
        let caption = try Caption(name, font: Self.font, pixelSize: 14, boxWidth: 100)
        let short = try Caption(String(name.prefix(40)), font: Self.font, pixelSize: 14, boxWidth: 100)
        #expect(caption.isTruncated && caption == short)
    }

    @Test("a box narrower than the ellipsis draws nothing")
    func tooNarrow() throws {
        let caption = try Caption("long name.jpg", font: Self.font, pixelSize: 14, boxWidth: 3)
        #expect(caption.isTruncated && caption.text.isEmpty && caption.advance == 0)
        #expect(caption.coverage.allSatisfy { $0 == 0 })
    }

    @Test("characters the font lacks, and control characters, draw the .notdef box")
    func notdef() throws {
        // DejaVu Sans has no CJK ideographs or Hangul, and no glyph for U+0007.
        let ideograph = try Caption("\u{4E2D}", font: Self.font, pixelSize: 20, boxWidth: 40)
        let hangul = try Caption("\u{AC00}", font: Self.font, pixelSize: 20, boxWidth: 40)
        let bell = try Caption("\u{7}", font: Self.font, pixelSize: 20, boxWidth: 40)
        #expect(ideograph.coverage.contains { $0 > 0 })
        #expect(ideograph.coverage == hangul.coverage)
        #expect(ideograph.coverage == bell.coverage)
        // Invisible format characters the font lacks draw nothing at all.
        let joiner = try Caption("a\u{200D}\u{FE0F}", font: Self.font, pixelSize: 20, boxWidth: 40)
        #expect(joiner.coverage == (try Caption("a", font: Self.font, pixelSize: 20, boxWidth: 40)).coverage)
    }

    @Test("any name renders inside its box", arguments: awkwardNames)
    func awkward(name: String) throws {
        for size in [5, 9, 14, 23] {
            for width in [1, 7, 30, 120, 600] {
                let caption = try Caption(name, font: Self.font, pixelSize: size, boxWidth: width)
                #expect(caption.coverage.count == width * caption.height)
                #expect(caption.advance <= width)
                #expect(caption.text == name || caption.isTruncated)
                try Self.expectInsideBox(caption)
            }
        }
    }

    @Test("random names at several sizes and widths never draw outside their box", arguments: 0..<8)
    func randomNames(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        // Printable ASCII, wide letters, accents, marks, CJK, emoji, controls and raw bytes.
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xC0...0x24F, 0x300...0x36F, 0x590...0x6FF, 0x3040...0x30FF, 0x4E00...0x4FFF,
            0x1F300...0x1F6FF, 0x0...0x1F, 0x2000...0x206F, 0xFE00...0xFE0F, 0xA8F0...0xA8FF,
        ]
        for _ in 0..<25 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
                    continue
                }
                let pool = pools[Int.random(in: 0..<pools.count, using: &generator)]
                if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) {
                    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
            }
            let name = String(decoding: bytes, as: UTF8.self)
            let size = [6, 11, 14, 19, 31].randomElement(using: &generator) ?? 14
            let width = Int.random(in: 1...260, using: &generator)
            let caption = try Caption(name, font: Self.font, pixelSize: size, boxWidth: width)
            #expect(caption.advance <= width, "\(name.debugDescription) at \(size) px in \(width) px")
            if caption.isTruncated {
                #expect(caption.text.isEmpty || caption.text.hasSuffix(Caption.ellipsis))
                #expect(Array(name).starts(with: Array(caption.text.dropLast())))
            }
            try Self.expectInsideBox(caption)
        }
    }

    /// Draws `caption` onto a band with a margin round its box and checks that every pixel
    /// outside the box is still exactly the background.
    static func expectInsideBox(_ caption: Caption) throws {
        let margin = 12
        let background = Color(red: 250, green: 250, blue: 250)
        let box = Rect(x: margin, y: margin, width: caption.width, height: caption.height)
        var band = try Band(width: caption.width + 2 * margin, rows: 0..<(caption.height + 2 * margin), background: background)
        band.composite(caption.tile(color: .black), at: box)
        for y in band.rows {
            for x in 0..<band.width where !(x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height) {
                #expect(band.color(x: x, y: y) == background, "\(caption.text.debugDescription): ink at (\(x), \(y))")
            }
        }
    }

    @Test("a caption's tile carries the colour with the coverage as alpha")
    func tile() throws {
        let caption = try Caption("Ag", font: Self.font, pixelSize: 16, boxWidth: 30)
        let colour = Color(red: 200, green: 100, blue: 50, alpha: 128)
        let tile = caption.tile(color: colour)
        #expect(tile.width == 30 && tile.height == caption.height)
        for y in 0..<caption.height {
            for x in 0..<caption.width {
                let coverage = Int(caption.coverage[y * caption.width + x])
                let pixel = tile.color(x: x, y: y)
                #expect(Int(pixel.alpha) == (coverage * 128 + 127) / 255)
                if pixel.alpha >= 32 { #expect(abs(Int(pixel.red) - 200) <= 2 && abs(Int(pixel.blue) - 50) <= 2) }
            }
        }
    }

    @Test("the same caption twice, from two fonts and from many threads, is the same")
    func deterministic() async throws {
        let first = try Caption("Déjà vu 👀 東京 ‮x.png", font: Self.font, pixelSize: 15, boxWidth: 90)
        let second = try Caption("Déjà vu 👀 東京 ‮x.png", font: try Font(path: Fixture.path("fonts/DejaVuSans.ttf")), pixelSize: 15, boxWidth: 90)
        #expect(first == second)
        let results = try await withThrowingTaskGroup(of: Caption.self) { group in
            for index in 0..<16 {
                group.addTask {
                    // Sizes alternate so the shared face is resized between captions.
                    _ = try Caption("other", font: Self.font, pixelSize: 9 + index, boxWidth: 50)
                    return try Caption("Déjà vu 👀 東京 ‮x.png", font: Self.font, pixelSize: 15, boxWidth: 90)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == first })
    }
}
