import ImageInput
import Testing

/// The registry chooses a format by content alone, and names what it cannot read.
@Suite("Image registry")
struct ImageRegistryTests {
    /// A format of two bytes, "AB", whose header is the next two bytes as width and height.
    enum TwoByteFormat: ImageFormat {
        static let name = "AB"
        static let fileExtensions = ["ab"]
        static let signatureLength = 2
        static func matches(_ prefix: [UInt8]) -> Bool { prefix == Array("AB".utf8) }
        static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
            let header: [UInt8]
            do { header = try source.read(at: 2, count: 2) } catch { throw ImageError(path: path, reason: error) }
            guard header.count == 2 else { throw ImageError(path: path, reason: .truncated(while: "reading the size")) }
            return ImageInfo(format: name, width: Int(header[0]), height: Int(header[1]), hasAlpha: false)
        }
        static func openRows(path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?,
                             limits: DecodeLimits) throws(ImageError) -> any ImageRowReader {
            throw ImageError(path: path, reason: .unsupported(format: name, message: "no rows in a test format"))
        }
    }

    let registry = ImageRegistry([TwoByteFormat.self])

    @Test("Data with a format's signature is probed by that format, whatever it is called")
    func recognised() throws {
        let info = try registry.probe(MemoryBytes(Array("AB".utf8) + [7, 9]), path: "photo.jpg", limits: .default)
        #expect(info == ImageInfo(format: "AB", width: 7, height: 9, hasAlpha: false))
    }

    @Test("An empty file is empty, not unrecognised")
    func empty() {
        #expect(throws: ImageError(path: "e", reason: .emptyFile)) {
            try registry.probe(MemoryBytes([]), path: "e", limits: .default)
        }
    }

    /// First bytes of formats known by sight, and how they are named.
    static let foreignSignatures: [(bytes: [UInt8], name: String)] = [
        (Array("BM".utf8) + [0, 0, 0, 0], "a BMP file"),
        (Array("GIF89a".utf8), "a GIF file"),
        (Array("RIFF\0\0\0\0WEBP".utf8), "a WebP file"),
        ([0x49, 0x49, 0x2A, 0x00], "a TIFF file"),
        (Array("\0\0\0\u{18}ftypheic".utf8), "a HEIF file"),
        (Array("\0\0\0\u{18}ftypavif".utf8), "an AVIF file"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file"),
        ([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A, 0, 0, 0, 0x14], "a JPEG 2000 file"),
        ([0xFF, 0x4F, 0xFF, 0x51, 0x00, 0x2F], "a JPEG 2000 codestream"),
        (Array("qoif".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 4, 0], "a QOI file"),
        (Array("P1\n1 1\n0\n".utf8), "a Netpbm file (P1)"),
        (Array("P6 2 2 255\n".utf8), "a Netpbm file (P6)"),
        (Array("P7\nWIDTH 1\n".utf8), "a Netpbm file (P7)"),
        (Array("DDS ".utf8) + [0x7C, 0, 0, 0], "a DirectDraw Surface (DDS) file"),
        (Array("%!PS-Adobe-3.0 EPSF-3.0\n".utf8), "a PostScript or EPS file"),
        ([0xC5, 0xD0, 0xD3, 0xC6, 0x1E, 0, 0, 0], "a PostScript or EPS file"),
    ]

    @Test("Text that merely starts like a Netpbm header is not named one", arguments: ["P1ease read me", "P8 1 1", "P"])
    func notNetpbm(text: String) {
        #expect(ForeignFormat.name(of: Array(text.utf8)) == nil)
    }

    @Test("Data of a known foreign format is named, with the formats that are read", arguments: foreignSignatures)
    func foreign(bytes: [UInt8], name: String) {
        #expect(throws: ImageError(path: "x", reason: .unrecognised(detected: name, readable: ["AB"]))) {
            try registry.probe(MemoryBytes(bytes), path: "x", limits: .default)
        }
    }

    @Test("The message names the foreign format and lists what is read")
    func message() {
        let reason = ImageError.Reason.unrecognised(detected: "a BMP file", readable: ["PNG", "JPEG", "WebP"])
        #expect(reason.description == "a BMP file; pinboard reads PNG, JPEG and WebP")
        let unknown = ImageError.Reason.unrecognised(detected: nil, readable: ["PNG", "JPEG"])
        #expect(unknown.description == "not an image file pinboard recognises; pinboard reads PNG and JPEG")
    }

    @Test("Text is not an image")
    func text() {
        #expect(throws: ImageError(path: "t", reason: .unrecognised(detected: nil, readable: ["AB"]))) {
            try registry.probe(MemoryBytes(Array("hello, world".utf8)), path: "t", limits: .default)
        }
    }
}
