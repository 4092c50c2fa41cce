import ImageInput
import Testing
import TestSupport
@testable import PNGCodec

/// A PNG whose image data is complete but which lacks IEND (odiff's `orange_diff.png` is
/// one) reads whole with a warning, by CPNG's own image-data path and by libpng's alike;
/// a file cut inside a chunk stays truncated.
@Suite("A PNG without IEND")
struct MissingEndTests {
    /// basn6a08 (RGBA) without gAMA is read by CPNG; with a gAMA of 0.45, by libpng.
    /// `text` puts a tEXt chunk between the image data and IEND, as sheets put their manifest.
    static func file(libpng: Bool, text: Bool) throws -> [UInt8] {
        try ImageDataPathTests.rechunked(
            "basn6a08.png", sizes: [100_000], gamma: libpng ? 45000 : nil,
            before: text ? [("tEXt", Array("Comment\u{0}made by hand".utf8))] : [])
    }

    @Test("Cut by its last 12 bytes (IEND), it reads the same pixels and says IEND is missing",
          arguments: [(false, false), (false, true), (true, false), (true, true)])
    func cutIEND(libpng: Bool, text: Bool) throws {
        let bytes = try Self.file(libpng: libpng, text: text)
        let intact = try PNGRowReader(bytes: bytes)
        #expect(intact.readsImageDataItself == !libpng)
        let expected = try intact.readImage()
        #expect(intact.readWarnings.isEmpty)
        let cut = try PNGRowReader(bytes: Array(bytes.dropLast(12)))
        #expect(try cut.readImage().pixels == expected.pixels)
        #expect(cut.readWarnings.map(\.reason) == [.missingEnd(format: "PNG", marker: "IEND")])
    }

    @Test("The damaged set's no-iend.png reads whole, with the warning naming it")
    func fixture() throws {
        let path = Fixture.path("corrupt/no-iend.png")
        let reader = try PNGRowReader(path: path)
        _ = try reader.readImage()
        #expect(reader.readWarnings == [ImageWarning(path: path, reason: .missingEnd(format: "PNG", marker: "IEND"))])
    }

    @Test("Cut inside the last chunk before IEND, it is still truncated",
          arguments: [(false, false), (false, true), (true, false), (true, true)])
    func cutInside(libpng: Bool, text: Bool) throws {
        let bytes = try Self.file(libpng: libpng, text: text)
        let error = #expect(throws: ImageError.self) { try PNGRowReader(bytes: Array(bytes.dropLast(14))).readImage() }
        guard case .truncated = error?.reason else {
            Issue.record("not truncated: \(String(describing: error))")
            return
        }
    }
}
