import ImageInput
import Testing

/// A format's own failure, carried by the shared reason: compared, matched and worded as
/// the shared cases are.
@Suite("Format failures")
struct FormatFailureTests {
    enum ChunkFailure: FormatFailure {
        case badChunk(String)
        var description: String {
            switch self {
            case .badChunk(let name): "chunk '\(name)' is bad"
            }
        }
    }

    enum MarkerFailure: FormatFailure {
        case badMarker(UInt8)
        var description: String {
            switch self {
            case .badMarker(let marker): "marker \(Self.hex(UInt32(marker), digits: 2)) is bad"
            }
        }
    }

    @Test("Equal failures of one format make equal reasons; other values, formats or cases do not")
    func equality() {
        let reason = ImageError.Reason.format(ChunkFailure.badChunk("IHDR"))
        #expect(reason == .format(ChunkFailure.badChunk("IHDR")))
        #expect(reason != .format(ChunkFailure.badChunk("IDAT")))
        #expect(reason != .format(MarkerFailure.badMarker(0xD9)))
        #expect(reason != .corrupt(format: "PNG", message: "chunk 'IHDR' is bad"))
        #expect(ImageError.Reason.corrupt(format: "PNG", message: "x") != .unsupported(format: "PNG", message: "x"))
        #expect(ImageError.Reason.truncated(while: "a") == .truncated(while: "a"))
    }

    @Test("The case is matched through the shared reason, and its words are the message")
    func matchingAndWords() {
        let error = ImageError(path: "a.jpg", reason: .format(MarkerFailure.badMarker(0xD9)))
        guard case .format(MarkerFailure.badMarker(let marker)) = error.reason else {
            Issue.record("expected badMarker, got \(error)")
            return
        }
        #expect(marker == 0xD9)
        #expect(error.description == "a.jpg: marker 0xD9 is bad")
    }

    @Test("A size of 0 says what the header gave and what a side may be, not \"invalid dimensions\"")
    func invalidDimensionsWords() {
        let reason = ImageError.Reason.invalidDimensions(width: 0, height: 0, maximumSide: 65535)
        #expect(reason.description == "its header gives the image a size of 0x0 pixels; each side must be 1 to 65535")
    }

    @Test("Hex spells bytes in upper case, wider values in lower case, zero-padded",
          arguments: [(UInt32(0x0A), 2, "0x0A"), (0xD9, 2, "0xD9"), (0x1A2B, 8, "0x00001a2b"), (0x250B_E676, 8, "0x250be676")])
    func hex(value: UInt32, digits: Int, spelled: String) {
        #expect(ChunkFailure.hex(value, digits: digits) == spelled)
    }
}
