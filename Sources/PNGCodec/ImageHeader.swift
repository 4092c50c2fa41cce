import CPNG
#if canImport(Glibc)
import Glibc
#endif
import ImageInput

/// What a PNG's IHDR chunk says about the image, read without touching pixel data.
///
/// The layout engine needs only each source's size, so probing reads the first
/// 33 bytes of a file (signature, IHDR, its CRC) and nothing more.
package struct ImageHeader: Sendable, Hashable {
    package let width: Int
    package let height: Int
    package let colorType: PNGColorType
    package let bitDepth: Int
    package let isInterlaced: Bool

    /// Whether pixels carry an alpha sample; a tRNS chunk may still add
    /// transparency to images without one, which only a decode reveals.
    package var hasAlphaChannel: Bool { colorType.hasAlphaChannel }

    /// The bytes a probe reads: 8 of signature, 8 of chunk length and type, 13 of IHDR, 4 of CRC.
    static let probeLength = 33
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads and validates the header of the PNG at `path`.
    ///
    /// - Throws: `ImageError` naming `path` when the file cannot be read, is not a PNG,
    ///   has a damaged or out-of-spec IHDR, or exceeds `limits`.
    package static func probe(path: String, limits: DecodeLimits = .default) throws(ImageError) -> ImageHeader {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        return try probe(FileBytes(fileDescriptor: fd), path: path, limits: limits)
    }

    /// Reads the header from the start of `source`; `path` names it in errors.
    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits = .default) throws(ImageError) -> ImageHeader {
        let bytes: [UInt8]
        do {
            bytes = try source.read(at: 0, count: probeLength)
        } catch {
            throw ImageError(path: path, reason: error)
        }
        return try parse(bytes, path: path, limits: limits)
    }

    /// Validates the first bytes of a PNG stream: signature, IHDR length, type, CRC and fields.
    package static func parse(_ bytes: some Collection<UInt8>, path: String, limits: DecodeLimits = .default) throws(ImageError) -> ImageHeader {
        let bytes = Array(bytes.prefix(probeLength))
        func fail(_ reason: ImageError.Reason) -> ImageError { ImageError(path: path, reason: reason) }

        if bytes.isEmpty { throw fail(.emptyFile) }
        if !bytes.prefix(8).elementsEqual(signature.prefix(bytes.count)) { throw fail(.signatureMismatch(expected: PNGFormat.name, signature: "signature does not match")) }
        if bytes.count < 16 { throw fail(.truncated(while: "reading the signature and first chunk")) }
        let length = bigEndian(bytes, at: 8)
        let type = Array(bytes[12..<16])
        if !type.elementsEqual("IHDR".utf8) { throw fail(.format(PNGFailure.missingHeader(foundChunk: type))) }
        if length != 13 { throw fail(.format(PNGFailure.badHeaderLength(Int(length)))) }
        if bytes.count < probeLength { throw fail(.truncated(while: "reading IHDR")) }

        let declared = bigEndian(bytes, at: 29)
        let computed = bytes[12..<29].withUnsafeBufferPointer { cpng_crc32($0.baseAddress, $0.count) }
        if declared != computed { throw fail(.format(PNGFailure.checksumMismatch(chunk: "IHDR", declared: declared, computed: computed))) }

        let width = bigEndian(bytes, at: 16)
        let height = bigEndian(bytes, at: 20)
        if width == 0 || height == 0 || width > 0x7FFF_FFFF || height > 0x7FFF_FFFF {
            throw fail(.invalidDimensions(width: UInt64(width), height: UInt64(height), maximumSide: 0x7FFF_FFFF))
        }
        let bitDepth = bytes[24]
        guard let colorType = PNGColorType(rawValue: bytes[25]), colorType.allowedBitDepths.contains(bitDepth) else {
            throw fail(.format(PNGFailure.invalidFormat(colorType: bytes[25], bitDepth: bitDepth)))
        }
        if bytes[26] != 0 { throw fail(.format(PNGFailure.invalidHeaderField(name: "compression method", value: bytes[26]))) }
        if bytes[27] != 0 { throw fail(.format(PNGFailure.invalidHeaderField(name: "filter method", value: bytes[27]))) }
        if bytes[28] > 1 { throw fail(.format(PNGFailure.invalidHeaderField(name: "interlace method", value: bytes[28]))) }
        if UInt64(width) * UInt64(height) > limits.maxPixels {
            throw fail(.tooManyPixels(width: UInt64(width), height: UInt64(height), limit: limits.maxPixels))
        }
        return ImageHeader(
            width: Int(width), height: Int(height), colorType: colorType,
            bitDepth: Int(bitDepth), isInterlaced: bytes[28] == 1
        )
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
