import ImageInput
@testable import JPEGCodec
import PNGCodec
import Testing

@Suite("Header probe")
struct HeaderProbeTests {
    @Test("Probed headers of the fixtures", arguments: [
        ("grey.jpg", JPEGHeader(width: 64, height: 48, components: 1, isProgressive: false, orientation: .identity)),
        ("cmyk-adobe.jpg", JPEGHeader(width: 64, height: 48, components: 4, isProgressive: false, orientation: .identity)),
        ("progressive.jpg", JPEGHeader(width: 96, height: 64, components: 3, isProgressive: true, orientation: .identity)),
        ("scaled.jpg", JPEGHeader(width: 257, height: 171, components: 3, isProgressive: false, orientation: .identity)),
        ("far-exif.jpg", JPEGHeader(width: 64, height: 48, components: 3, isProgressive: false, orientation: .rotate90Clockwise)),
        ("garbage-exif.jpg", JPEGHeader(width: 64, height: 48, components: 3, isProgressive: false, orientation: .identity)),
        ("truncated.jpg", JPEGHeader(width: 257, height: 171, components: 3, isProgressive: false, orientation: .identity)),
        ("stray-bytes.jpg", JPEGHeader(width: 64, height: 48, components: 1, isProgressive: false, orientation: .identity)),
    ])
    func fixtureHeader(name: String, expected: JPEGHeader) throws {
        #expect(try JPEGHeader.probe(path: JPEGFixture.path(name)) == expected)
    }

    @Test("Memory and file probes agree", arguments: JPEGFixture.orientationNames + ["far-exif.jpg", "cmyk-adobe.jpg"])
    func memoryMatchesFile(name: String) throws {
        #expect(try JPEGHeader.parse(JPEGFixture.bytes(name), path: name) == JPEGHeader.probe(path: JPEGFixture.path(name)))
    }

    @Test("IFD0 beyond the first 4 KiB is still found")
    func farExif() throws {
        let header = try JPEGHeader.probe(path: JPEGFixture.path("far-exif.jpg"))
        #expect(header.orientation == .rotate90Clockwise)
        #expect(header.orientation.uprightSize(width: header.width, height: header.height) == (48, 64))
    }

    @Test("Files that are not JPEGs are refused", arguments: [
        ("png-named.jpg", ImageError.Reason.signatureMismatch(expected: "JPEG", signature: "does not start with FF D8 FF")),
        ("text.jpg", .signatureMismatch(expected: "JPEG", signature: "does not start with FF D8 FF")),
    ])
    func notJPEG(name: String, reason: ImageError.Reason) {
        let path = JPEGFixture.path(name)
        #expect(throws: ImageError(path: path, reason: reason)) { try JPEGHeader.probe(path: path) }
    }

    @Test("The sniff looks at content, not names")
    func sniff() throws {
        #expect(JPEGHeader.looksLike(firstBytes: try JPEGFixture.bytes("grey.jpg").prefix(3)))
        #expect(!JPEGHeader.looksLike(firstBytes: try JPEGFixture.bytes("png-named.jpg")))
        #expect(!JPEGHeader.looksLike(firstBytes: try JPEGFixture.bytes("text.jpg")))
        #expect(!JPEGHeader.looksLike(firstBytes: [0xFF, 0xD8]))
        #expect(!JPEGHeader.looksLike(firstBytes: []))
    }

    @Test("Damaged starts are refused with a reason", arguments: [
        ([UInt8](), ImageError.Reason.emptyFile),
        ([0xFF, 0xD8], .truncated(while: "reading the start of image")),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], .truncated(while: "reading the markers before the frame header")),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01], .format(JPEGFailure.badSegmentLength(marker: 0xE0, length: 1))),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x12, 0x34], .truncated(while: "reading the markers before the frame header")),
        ([0xFF, 0xD8, 0xFF, 0xD9], .format(JPEGFailure.missingFrameHeader(foundMarker: 0xD9))),
        ([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02], .format(JPEGFailure.missingFrameHeader(foundMarker: 0xDA))),
        ([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0, 0, 0, 16, 3], .invalidDimensions(width: 16, height: 0, maximumSide: 65535)),
        ([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0, 16, 0, 16, 2], .format(JPEGFailure.unsupportedComponents(2))),
        ([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0, 16], .truncated(while: "reading the frame header")),
        ([0xFF, 0xD8, 0xFF, 0xC2, 0x00, 0x05, 8, 0, 16], .format(JPEGFailure.badSegmentLength(marker: 0xC2, length: 5))),
    ])
    func damagedStart(bytes: [UInt8], reason: ImageError.Reason) {
        #expect(throws: ImageError(path: "bytes", reason: reason)) { try JPEGHeader.parse(bytes, path: "bytes") }
    }

    @Test("Fill bytes, restart markers and junk between segments are skipped, as libjpeg does")
    func fillBytes() throws {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFF, 0xFF, 0xD0, 0x12, 0x34, 0xFF, 0xC1, 0x00, 0x0B, 8, 0, 2, 0, 3, 1]
        #expect(try JPEGHeader.parse(bytes, path: "fill") == JPEGHeader(width: 3, height: 2, components: 1, isProgressive: false, orientation: .identity))
    }

    @Test("A 65000×65000 frame is refused by the pixel limit")
    func huge() {
        let path = JPEGFixture.path("huge.jpg")
        #expect(throws: ImageError(path: path, reason: .tooManyPixels(width: 65000, height: 65000, limit: 1 << 28))) {
            try JPEGHeader.probe(path: path)
        }
    }

    @Test("A missing frame header is said in a reader's words, naming what came instead", arguments: [
        (UInt8(0xD9), "the file ends (EOI marker) before any frame header, which gives an image's size and colours"),
        (0xDA, "the compressed image data (SOS marker) starts before any frame header, which gives an image's size and colours"),
        (0xD8, "a second start of image (SOI marker) comes before any frame header, which gives an image's size and colours"),
    ])
    func missingFrameHeaderWords(marker: UInt8, words: String) {
        #expect(JPEGFailure.missingFrameHeader(foundMarker: marker).description == words)
    }

    @Test("A missing file and a directory name the path and the reason")
    func missingFile() {
        let error = #expect(throws: ImageError.self) { try JPEGHeader.probe(path: "/no/such/photo.jpg") }
        #expect(error?.description == "/no/such/photo.jpg: cannot open: No such file or directory")
        #expect(throws: ImageError(path: JPEGFixture.path("golden"), reason: .isDirectory)) {
            try JPEGHeader.probe(path: JPEGFixture.path("golden"))
        }
    }
}
