import ImageInput

/// What a WebP's EXIF chunk says (the orientation, which libwebp neither reads nor
/// applies, and the date taken), through the one EXIF reader.
///
/// The container puts EXIF after the image data, so the chunk is found by walking chunk
/// headers from the start (a few small reads, never the bitstream). A missing, cut or
/// damaged EXIF chunk counts as no EXIF, never as an error: the pixels still read.
enum WebPEXIF {
    /// VP8X's flag for an EXIF chunk.
    static let exifFlag: UInt8 = 0x08
    /// Where VP8X keeps its flags.
    static let flagsOffset = 20
    /// The most chunk headers looked at: a still image has a handful, an animation a few
    /// per frame before its EXIF.
    static let chunkLimit = 1024
    /// JPEG's APP1 prefix, which a few WebP writers copy into the chunk.
    static let jpegIdentifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// - Parameter prefix: the file's first bytes, holding the VP8X chunk when there is one.
    /// - Throws: only when reading fails, since that says nothing about the file.
    static func read(_ source: some ByteSource, prefix: [UInt8]) throws(ImageError.Reason) -> EXIF? {
        guard prefix.count > flagsOffset, prefix[12..<16].elementsEqual("VP8X".utf8),
              prefix[flagsOffset] & exifFlag != 0 else { return nil }
        var offset = 12
        for _ in 0..<chunkLimit {
            let header = try source.read(at: offset, count: 8)
            guard header.count == 8 else { return nil }
            let size = header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
            if header[0..<4].elementsEqual("EXIF".utf8) {
                let start = try source.read(at: offset + 8, count: min(size, jpegIdentifier.count))
                let skipped = start.elementsEqual(jpegIdentifier) ? jpegIdentifier.count : 0
                return try EXIF.read(source, at: offset + 8 + skipped, length: size - skipped)
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}
