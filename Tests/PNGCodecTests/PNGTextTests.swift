import Foundation
import Geometry
import ImageInput
@testable import PNGCodec
import TestSupport
import Testing

/// Texts written as iTXt chunks by `PNGWriter` and found again by `PNGText.read`,
/// which walks chunk headers without decoding pixels.
@Suite("Text chunks")
struct PNGTextTests {
    static let keyword = "pinboard:manifest"
    static let smallText = PNGText(keyword: keyword, text: #"{"title":"Été à Zürich — 東京 🙂","tiles":[{"source":"a/naïve.jpg"}]}"#)

    /// 16x16 RGBA noise: one segment, a file of about a kilobyte.
    static let small = (width: 16, height: 16, pixels: RoundTripTests.pixels(width: 16, height: 16, channels: 4, seed: 9))

    /// 1200x1200 RGB noise: 4.3 MB of filtered rows, so five segments and as many IDATs.
    static let large = (width: 1200, height: 1200, pixels: ParallelEncodeTests.noise(width: 1200, height: 1200, channels: 3, seed: 77))

    /// About 20 MB of a manifest-like JSON text, with non-ASCII names of 2, 3 and 4 UTF-8 bytes.
    static let largeText = PNGText(keyword: keyword, text: manifest(bytes: 20_000_000, seed: 5))

    static func manifest(bytes target: Int, seed: UInt32) -> String {
        let names = ["Zürich", "東京の夜", "Ærøskøbing", "café crème", "Москва", "🙂 smile", "plain", "Ελλάδα"]
        var utf8: [UInt8] = []
        utf8.reserveCapacity(target + 200)
        utf8 += #"{"tiles":["#.utf8
        var state = seed | 1
        var index = 0
        while utf8.count < target {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let name = names[Int(state % UInt32(names.count))]
            utf8 += #"{"index":\#(index),"source":"photos/\#(name)-\#(state % 100_000).jpg","x":\#(state >> 20),"y":\#(state & 0xFFFF)},"#.utf8
            index += 1
        }
        utf8 += #"{}]}"#.utf8
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Writes `small` as RGBA with `texts` after its rows to the file `name` in `folder`,
    /// the start of most tests of reading; returns the file's path.
    static func writeSmall(_ name: String, texts: [PNGText] = [smallText], in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/" + name
        try write(small, channels: .rgba, texts: texts, to: path)
        return path
    }

    /// Writes the image in bands, adding `texts` after the last row (where a sheet adds
    /// its manifest) or, with `textsFirst`, before the first.
    static func write(
        _ image: (width: Int, height: Int, pixels: [UInt8]), channels: ChannelLayout, threads: Int = 1,
        texts: [PNGText], textsFirst: Bool = false, to path: String
    ) throws {
        let writer = try PNGWriter(
            to: .path(path), width: image.width, height: image.height, channels: channels, compression: 6, threads: threads
        )
        if textsFirst { for text in texts { try writer.add(text: text) } }
        let stride = image.width * channels.rawValue
        try image.pixels.withUnsafeBytes { all in
            var row = 0
            while row < image.height {
                let count = min(100, image.height - row)
                try writer.write(rows: UnsafeRawBufferPointer(rebasing: all[(row * stride)...]), stride: stride, count: count)
                row += count
            }
        }
        if !textsFirst { for text in texts { try writer.add(text: text) } }
        try writer.finish()
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func save(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The offset of the first chunk of `type`, found by walking the chunks.
    static func offset(ofChunk type: String, in bytes: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= bytes.count {
            if bytes[offset + 4..<offset + 8].elementsEqual(type.utf8) { return offset }
            offset += 12 + Int(PNGChunks.bigEndian(bytes, at: offset))
        }
        return nil
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// `bytes` with a chunk of `type` (CRC computed) put in before IEND.
    static func inserting(_ type: String, data: [UInt8], declaredLength: UInt32? = nil, into bytes: [UInt8]) throws -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = try #require(Zlib.crc32(typed[...]))
        let chunk = bigEndian(declaredLength ?? UInt32(data.count)) + typed + bigEndian(crc)
        return Array(bytes.dropLast(12)) + chunk + Array(bytes.suffix(12))
    }

    /// The reason `read` gives for `bytes`, or nil when it returns.
    static func failure(reading bytes: [UInt8], keyword: String = keyword) -> ImageError.Reason? {
        do {
            _ = try PNGText.read(keyword: keyword, bytes: bytes, name: "<test>")
            return nil
        } catch {
            return error.reason
        }
    }

    // MARK: Round trips

    @Test("A small text comes back from the file, as an iTXt chunk between the last IDAT and IEND", arguments: [1, 3])
    func smallRoundTrip(threads: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/small.png"
        try Self.write(Self.small, channels: .rgba, threads: threads, texts: [Self.smallText], to: path)

        #expect(try PNGText.read(keyword: Self.keyword, path: path) == Self.smallText)
        let png = try PNGChunks(path: path)
        #expect(png.types == ["IHDR", "sRGB", "IDAT", "iTXt", "IEND"])
        let data = try #require(png.chunks.first { $0.type == "iTXt" }).data
        let header = Array(Self.keyword.utf8) + [0, 1, 0, 0, 0]
        #expect(Array(data.prefix(header.count)) == header, "keyword, NUL, compressed, zlib, empty language and translation")
        let utf8 = Array(Self.smallText.text.utf8)
        #expect(Zlib.inflate(Array(data.dropFirst(header.count)), count: utf8.count) == utf8, "zlib itself inflates the text")
        #expect(try PNGDecoder.decode(path: path).pixels == Self.small.pixels, "libpng still reads the image, the text chunk included")
    }

    @Test("A 20 MB text in a five-segment image: same bytes with 1 and 3 threads, read back from file, descriptor and memory")
    func largeRoundTrip() throws {
        let folder = try TemporaryFolder()
        let one = folder.path + "/one.png"
        let three = folder.path + "/three.png"
        try Self.write(Self.large, channels: .rgb, threads: 1, texts: [Self.largeText], to: one)
        try Self.write(Self.large, channels: .rgb, threads: 3, texts: [Self.largeText], to: three)
        let bytes = try Self.bytes(one)
        #expect(bytes == (try Self.bytes(three)))

        let png = try PNGChunks(path: one)
        #expect(png.types.filter { $0 == "IDAT" }.count >= 4, "the image spans several IDATs")
        #expect(Array(png.types.suffix(2)) == ["iTXt", "IEND"])
        #expect(png.types.firstIndex(of: "iTXt") == png.types.lastIndex(of: "IDAT").map { $0 + 1 })

        #expect(try PNGText.read(keyword: Self.keyword, path: one) == Self.largeText)
        let fd = open(one, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(try PNGText.read(keyword: Self.keyword, fileDescriptor: fd, path: one) == Self.largeText)
        #expect(lseek(fd, 0, SEEK_CUR) == 0, "pread leaves the descriptor's offset alone")
        #expect(try PNGText.read(keyword: Self.keyword, bytes: bytes, name: one) == Self.largeText)

        let expected = RoundTripTests.expectedRGBA(Self.large.pixels, channels: .rgb)
        #expect(try PNGDecoder.decode(path: three).pixels == expected)
    }

    /// Writing is deterministic, and where the text is added (before the first row or after
    /// the last) does not move it: it always goes after the image data.
    @Test("The same image and text give the same bytes twice, the text added before the rows or after them",
          arguments: [false, true])
    func sameBytes(textsFirst: Bool) throws {
        let folder = try TemporaryFolder()
        let first = folder.path + "/first.png"
        let second = folder.path + "/second.png"
        try Self.write(Self.small, channels: .rgba, texts: [Self.smallText], textsFirst: textsFirst, to: first)
        try Self.write(Self.small, channels: .rgba, texts: [Self.smallText], to: second)
        #expect(try Self.bytes(first) == Self.bytes(second))
    }

    @Test("An empty text round-trips")
    func emptyText() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/empty-text.png"
        let empty = PNGText(keyword: Self.keyword, text: "")
        try Self.write(Self.small, channels: .rgba, texts: [empty], to: path)
        #expect(try PNGText.read(keyword: Self.keyword, path: path) == empty)
    }

    // MARK: Finding the keyword

    @Test("No text, or only another keyword, reads as nil; the other keyword is still found")
    func missingKeyword() throws {
        let folder = try TemporaryFolder()
        let bare = folder.path + "/bare.png"
        let other = folder.path + "/other.png"
        let otherText = PNGText(keyword: "pinboard:manifest-old", text: "not this one")
        try Self.write(Self.small, channels: .rgba, texts: [], to: bare)
        try Self.write(Self.small, channels: .rgba, texts: [otherText], to: other)
        #expect(try PNGText.read(keyword: Self.keyword, path: bare) == nil)
        #expect(try PNGText.read(keyword: Self.keyword, path: other) == nil, "a longer keyword with the same start is another keyword")
        #expect(try PNGText.read(keyword: "pinboard", path: other) == nil, "a shorter one too")
        #expect(try PNGText.read(keyword: otherText.keyword, path: other) == otherText)
    }

    @Test("Two texts are written in the order added and each is found by its keyword")
    func twoTexts() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/two.png"
        let comment = PNGText(keyword: "Comment", text: "Ünïcødé comment\nsecond line")
        try Self.write(Self.small, channels: .rgba, texts: [comment, Self.smallText], to: path)
        #expect(try PNGChunks(path: path).types == ["IHDR", "sRGB", "IDAT", "iTXt", "iTXt", "IEND"])
        #expect(try PNGText.read(keyword: "Comment", path: path) == comment)
        #expect(try PNGText.read(keyword: Self.keyword, path: path) == Self.smallText)
    }

    @Test("Keywords PNG cannot hold match nothing when reading", arguments: ["", String(repeating: "k", count: 80), "東京"])
    func unmatchableKeyword(keyword: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeSmall("any.png", in: folder)
        #expect(try PNGText.read(keyword: keyword, path: path) == nil)
    }

    // MARK: Damage

    @Test("A flipped byte inside the iTXt data is a checksum mismatch naming iTXt and the file")
    func flippedByte() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeSmall("flipped.png", in: folder)
        var bytes = try Self.bytes(path)
        let chunk = try #require(Self.offset(ofChunk: "iTXt", in: bytes))
        bytes[chunk + 8 + Self.keyword.utf8.count + 10] ^= 0x10
        try Self.save(bytes, to: path)

        let error = #expect(throws: ImageError.self) { try PNGText.read(keyword: Self.keyword, path: path) }
        guard case .format(PNGFailure.checksumMismatch(let type, let declared, let computed))? = error?.reason else {
            Issue.record("expected a checksum mismatch, got \(String(describing: error))")
            return
        }
        #expect(type == "iTXt" && declared != computed)
        #expect(error?.description.hasPrefix("\(path): iTXt checksum mismatch") == true)
        #expect(Self.failure(reading: bytes, keyword: "other") == nil, "a chunk with another keyword is not read, so not checked")
    }

    @Test("A file cut anywhere in its last 200 bytes is reported as truncated, never crashes; at a chunk's end after the image data, it reads")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeSmall("cut.png", in: folder)
        let bytes = try Self.bytes(path)
        try #require(bytes.count > 400)
        let whole = PNGTail.wholeImageCuts(bytes)
        #expect(whole.count == 2, "after IDAT and after the iTXt chunk")
        for length in (bytes.count - 200)..<bytes.count {
            let reason = Self.failure(reading: Array(bytes.prefix(length)))
            if whole.contains(length) {
                #expect(reason == nil, "cut at \(length), a chunk's end after the image data")
                continue
            }
            guard case .truncated? = reason else {
                Issue.record("cut at \(length) of \(bytes.count): \(String(describing: reason))")
                continue
            }
        }
        try Self.save(Array(bytes.dropLast()), to: path)
        #expect(throws: ImageError(path: path, reason: .truncated(while: "reading IEND"))) {
            try PNGText.read(keyword: Self.keyword, path: path)
        }
    }

    @Test("A chunk declaring more than 2^31-1 bytes is corrupt")
    func hugeChunkLength() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeSmall("huge.png", texts: [], in: folder)
        let bytes = try Self.inserting("tEXt", data: [], declaredLength: 0x8000_0000, into: try Self.bytes(path))
        guard case .corrupt("PNG", let message)? = Self.failure(reading: bytes) else {
            Issue.record("expected corrupt")
            return
        }
        #expect(message.contains("'tEXt'") && message.contains("2147483648"))
    }

    @Test("Damaged text data with a good CRC is a badText naming the chunk, keyword and problem", arguments: [
        ("iTXt", [1, 0, 0, 0, 0x78, 0x9C, 0xFF, 0xFF, 0xFF], "compressed text is damaged"),
        ("iTXt", [1, 0, 0, 0, 0x78, 0x9C], "compressed text is damaged: the zlib stream ends early"),
        ("iTXt", [0, 0, 0, 0, 0xFF, 0xFE], "text is not valid UTF-8"),
        ("iTXt", [2, 0, 0, 0], "compression flag is 2, must be 0 or 1"),
        ("iTXt", [1, 5, 0, 0], "compression method is 5; only 0 (zlib) is defined"),
        ("iTXt", [0, 0, 0x65, 0x6E], "the language tag has no NUL to end it"),
        ("iTXt", [0, 0, 0], "the translated keyword has no NUL to end it"),
        ("iTXt", [1], "ends before its compression flag and method"),
        ("zTXt", [], "ends before its compression method"),
        ("zTXt", [0, 0x78], "compressed text is damaged: the zlib stream ends early"),
    ] as [(String, [UInt8], String)])
    func damagedText(type: String, afterKeyword: [UInt8], problem: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeSmall("damaged.png", texts: [], in: folder)
        let data = Array(Self.keyword.utf8) + [0] + afterKeyword
        let bytes = try Self.inserting(type, data: data, into: try Self.bytes(path))
        guard case .format(PNGFailure.badText(let chunk, let keyword, let found))? = Self.failure(reading: bytes) else {
            Issue.record("expected badText for \(type) \(afterKeyword)")
            return
        }
        #expect(chunk == type && keyword == Self.keyword)
        #expect(found.hasPrefix(problem))
    }

    @Test("A text inflating past the limit is refused; one at the limit is read")
    func inflateLimit() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeSmall("limit.png", in: folder)
        let bytes = try Self.bytes(path)
        let length = Self.smallText.text.utf8.count
        try bytes.withUnsafeBytes { buffer throws in
            let atLimit = TextChunkSearch(source: MemoryBytes(buffer), path: "<test>", inflateLimit: length)
            #expect(try atLimit.find(keyword: Self.keyword) == Self.smallText)
            let under = TextChunkSearch(source: MemoryBytes(buffer), path: "<test>", inflateLimit: length - 1)
            #expect(throws: ImageError(path: "<test>", reason: .format(PNGFailure.badText(
                chunk: "iTXt", keyword: Self.keyword, problem: "text inflates to more than \(length - 1) bytes, the limit"
            )))) { try under.find(keyword: Self.keyword) }
        }
    }

    @Test("Files that are not PNGs are refused for what they are", arguments: [
        ("jpeg/cmyk-adobe.jpg", ImageError.Reason.signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("corrupt/empty.png", .emptyFile),
        ("corrupt/directory.png", .isDirectory),
        ("corrupt/bad-signature.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
    ])
    func notPNG(file: String, reason: ImageError.Reason) {
        let path = Fixture.path(file)
        #expect(throws: ImageError(path: path, reason: reason)) { try PNGText.read(keyword: Self.keyword, path: path) }
    }

    // MARK: Writing mistakes

    @Test("Keywords PNG cannot hold are refused by add(text:), and the writer carries on", arguments: [
        ("", "keyword is empty"),
        (String(repeating: "k", count: 80), "keyword is 80 bytes long, over the limit of 79"),
        ("pin\u{0}board", "keyword byte 3 is NUL"),
        ("tab\there", "keyword byte 3 is 0x09, not a printable Latin-1 character"),
        (" leading", "keyword has a leading, trailing or doubled space at byte 0"),
        ("double  space", "keyword has a leading, trailing or doubled space at byte 7"),
        ("東京", "keyword has a character outside Latin-1"),
    ])
    func invalidKeyword(keyword: String, problem: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/keyword.png"
        let writer = try PNGWriter(to: .path(path), width: 1, height: 1, channels: .rgb)
        let error = #expect(throws: ImageError.self) { try writer.add(text: PNGText(keyword: keyword, text: "x")) }
        guard case .format(PNGFailure.badText(let chunk, let named, let found))? = error?.reason else {
            Issue.record("expected badText, got \(String(describing: error))")
            return
        }
        #expect(chunk == "iTXt" && named == keyword && found.hasPrefix(problem))
        #expect(error?.path == path)
        try [UInt8](repeating: 9, count: 3).withUnsafeBytes { try writer.write(rows: $0, stride: 3, count: 1) }
        try writer.add(text: PNGText(keyword: "Latin-1 ©é", text: "kept"))
        try writer.finish()
        #expect(try PNGText.read(keyword: "Latin-1 ©é", path: path)?.text == "kept")
        #expect(try PNGChunks(path: path).types == ["IHDR", "sRGB", "IDAT", "iTXt", "IEND"])
    }

    @Test("A text added after finish is an error, not a crash")
    func addAfterFinish() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/late.png"
        let writer = try PNGWriter(to: .path(path), width: 1, height: 1, channels: .rgb)
        try [UInt8](repeating: 9, count: 3).withUnsafeBytes { try writer.write(rows: $0, stride: 3, count: 1) }
        try writer.finish()
        #expect(throws: ImageError(path: path, reason: .format(PNGFailure.encodeFailed("text added after finish")))) {
            try writer.add(text: Self.smallText)
        }
    }

    // MARK: Other writers' files

    @Test("PngSuite's tEXt, zTXt and iTXt chunks read as the suite states them", arguments: [
        ("ct1n0g04.png", "Title", "PngSuite"),
        ("ct1n0g04.png", "Author", "Willem A.J. van Schaik\n(willem@schaik.com)"),
        ("ctzn0g04.png", "Title", "PngSuite"),
        ("ctzn0g04.png", "Copyright", "Copyright Willem van Schaik, Singapore 1995-96"),
        ("ctzn0g04.png", "Disclaimer", "Freeware."),
        ("cthn0g04.png", "Copyright", "कॉपीराइट Willem van Schaik, 2011 कनाडा"),
        ("ctjn0g04.png", "Disclaimer", "フリーウェア。"),
        ("ctgn0g04.png", "Disclaimer", "Δωρεάν λογισμικό."),
        ("ctfn0g04.png", "Copyright", "Copyright Willem van Schaik, Kanada 2011"),
        ("cten0g04.png", "Software", #"Created on a NeXTstation color using "pnmtopng"."#),
    ])
    func pngSuite(file: String, keyword: String, text: String) throws {
        let path = Fixture.path("pngsuite/\(file)")
        #expect(try PNGText.read(keyword: keyword, path: path) == PNGText(keyword: keyword, text: text))
    }

    @Test("A PngSuite file without text chunks reads as nil")
    func pngSuiteWithoutText() throws {
        #expect(try PNGText.read(keyword: "Title", path: Fixture.path("pngsuite/ct0n0g04.png")) == nil)
    }

    /// Whether `python3` with Pillow is on this machine; the cross-check below is skipped otherwise.
    static let pillowAvailable: Bool = (try? python(["-c", "import PIL"]))?.status == 0

    static func python(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        try Subprocess.run("/usr/bin/env", ["python3"] + arguments)
    }

    @Test("Pillow, an independent reader, finds the text", .enabled(if: pillowAvailable))
    func pillowReadsTheText() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeSmall("pillow.png", in: folder)
        let script = "import sys; from PIL import Image; sys.stdout.buffer.write(Image.open(sys.argv[1]).text[sys.argv[2]].encode())"
        let (status, output) = try Self.python(["-c", script, path, Self.keyword])
        #expect(status == 0)
        #expect(String(decoding: output, as: UTF8.self) == Self.smallText.text)
    }
}
