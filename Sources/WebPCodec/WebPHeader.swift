import CWebP
import ImageInput

/// What a WebP's first bytes say: the canvas size, alpha, animation, the ICC profile and
/// the EXIF orientation, read without decoding a pixel.
///
/// libwebp's `WebPGetFeatures` reads the RIFF header and either the VP8X chunk (canvas
/// and flags) or a simple file's bitstream header, all within the first 64 bytes. The
/// ICC profile, when VP8X flags one, is the chunk the container specification puts right
/// after VP8X, so it costs one more read of its own size.
package struct WebPHeader: FormatHeader, Sendable, Hashable {
    /// The canvas: an animation's whole area, or the still image's size.
    package let width: Int
    package let height: Int
    package let hasAlpha: Bool
    package let isAnimated: Bool
    /// The ICCP chunk's bytes, or nil when there is none.
    package let iccProfile: [UInt8]?
    /// What the EXIF chunk's orientation tag says; upright when there is none.
    package let orientation: Orientation
    /// When the photo was taken, from the same chunk (see `EXIF.taken`).
    package let taken: CaptureTime?

    package init(width: Int, height: Int, hasAlpha: Bool, isAnimated: Bool, iccProfile: [UInt8]?, orientation: Orientation = .identity,
                taken: CaptureTime? = nil) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.isAnimated = isAnimated
        self.iccProfile = iccProfile
        self.orientation = orientation
        self.taken = taken
    }

    /// Bytes read for the probe: the RIFF header (12), VP8X (18) and the start of the next chunk.
    static let probeLength = 64
    /// Where VP8X puts its flags, and the ICCP chunk that follows it.
    private static let flagsOffset = 20
    private static let iccChunkOffset = 30
    private static let iccFlag: UInt8 = 0x20

    private static let riff = Array("RIFF".utf8)
    private static let webp = Array("WEBP".utf8)

    /// `RIFF`, the size, `WEBP`.
    package static let signatureLength = 12

    /// What the registry needs: the canvas, the EXIF orientation and date, alpha, the ICC profile.
    package func imageInfo(format: String) -> ImageInfo {
        ImageInfo(format: format, width: width, height: height, orientation: orientation, hasAlpha: hasAlpha,
                  color: iccProfile.map(ColorDescription.icc), taken: taken)
    }

    /// Whether data starts like a WebP (`RIFF`, a size, `WEBP`), whatever the file's name.
    package static func looksLike(firstBytes: some Collection<UInt8>) -> Bool {
        let bytes = Array(firstBytes.prefix(12))
        return bytes.count == 12 && bytes[0..<4].elementsEqual(riff) && bytes[8..<12].elementsEqual(webp)
    }

    /// Refuses data that is empty, cut inside the signature, or not a WebP's.
    static func checkSignature(_ firstBytes: [UInt8]) throws(ImageError.Reason) {
        if firstBytes.isEmpty { throw .emptyFile }
        if looksLike(firstBytes: firstBytes) { return }
        // Bytes 4–7 are the size, anything; the rest must match as far as the data goes.
        let cut = firstBytes.count < 12 && firstBytes.prefix(4).elementsEqual(riff.prefix(firstBytes.count))
            && firstBytes.dropFirst(8).elementsEqual(webp.prefix(max(firstBytes.count - 8, 0)))
        throw cut ? .truncated(while: "reading the RIFF header")
            : .signatureMismatch(expected: WebPFormat.name, signature: "does not start with RIFF and WEBP")
    }

    /// Reads the header from the start of `source`; `path` names it in errors.
    ///
    /// - Throws: `ImageError` when the data is empty, not a WebP, cut inside its header or
    ///   ICC profile, damaged, or over `limits` (checked before any pixel memory exists).
    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits = .default) throws(ImageError) -> WebPHeader {
        try ImageError.naming(path) { () throws(ImageError.Reason) in try read(source, limits: limits) }
    }

    private static func read(_ source: some ByteSource, limits: DecodeLimits) throws(ImageError.Reason) -> WebPHeader {
        let prefix = try source.read(at: 0, count: probeLength)
        try checkSignature(prefix)
        guard let decoder = prefix.withUnsafeBufferPointer({ cwebp_decoder_create($0.baseAddress, $0.count) }) else {
            throw .outOfMemory
        }
        defer { cwebp_decoder_destroy(decoder) }
        var info = cwebp_info()
        let status = cwebp_decoder_probe(decoder, &info)
        if let failure = ShimFailure(status: status, message: String(cString: cwebp_decoder_message(decoder))) {
            throw failure.reason(format: WebPFormat.name, stage: "reading the header", size: (0, 0), limits: limits,
                                 readFailure: .corrupt(format: WebPFormat.name, message: failure.message))
        }
        let (width, height) = (UInt64(info.width), UInt64(info.height))
        if width * height > limits.maxPixels {
            throw .tooManyPixels(width: width, height: height, limit: limits.maxPixels)
        }
        let exif = try WebPEXIF.read(source, prefix: prefix)
        return WebPHeader(width: Int(width), height: Int(height), hasAlpha: info.has_alpha != 0,
                          isAnimated: info.has_animation != 0, iccProfile: try iccProfile(source, prefix: prefix),
                          orientation: exif?.orientation ?? .identity, taken: exif?.taken)
    }

    /// The ICCP chunk's payload when VP8X flags a profile and the chunk is where the
    /// container specification puts it; read in pieces, so memory follows the file and
    /// not a damaged size field.
    private static func iccProfile(_ source: some ByteSource, prefix: [UInt8]) throws(ImageError.Reason) -> [UInt8]? {
        guard prefix.count > flagsOffset, prefix[12..<16].elementsEqual("VP8X".utf8),
              prefix[flagsOffset] & iccFlag != 0 else { return nil }
        let chunkHeader = try source.read(at: iccChunkOffset, count: 8)
        guard chunkHeader.count == 8 else { throw .truncated(while: "reading the ICC profile") }
        guard chunkHeader[0..<4].elementsEqual("ICCP".utf8) else { return nil }
        let size = chunkHeader[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        var profile: [UInt8] = []
        while profile.count < size {
            let piece = try source.read(at: iccChunkOffset + 8 + profile.count, count: min(size - profile.count, 1 << 16))
            if piece.isEmpty { throw .truncated(while: "reading the ICC profile") }
            profile += piece
        }
        return profile
    }
}
