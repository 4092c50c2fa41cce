import CPNG
import ImageInput

/// Steps through a PNG's chunks by their 8-byte length-and-type headers, so a search
/// reads the few chunks it wants and jumps over the rest, image data included.
///
/// Shared by every search that looks past IHDR (text chunks, the ICC profile), so
/// each checks lengths, truncation and CRCs the same way.
struct PNGChunkWalk<Source: ByteSource> {
    /// One chunk's place in the data, known from its header alone.
    struct Chunk {
        let type: String
        /// Where its length field starts.
        let offset: Int
        /// Bytes of data between the type and the CRC.
        let length: Int

        /// Where the next chunk starts.
        var end: Int { offset + 12 + length }
    }

    let source: Source
    /// Where the next chunk header starts.
    private var offset: Int

    /// A walk starting at the chunk header at `offset`: 8 to start after the signature.
    init(source: Source, offset: Int) {
        self.source = source
        self.offset = offset
    }

    /// PNG's rule for chunk lengths, so offsets cannot run away on a damaged header.
    static var maximumChunkLength: UInt32 { 0x7FFF_FFFF }

    /// Reads the next chunk's header and moves past the chunk, without reading its data.
    ///
    /// - Throws: `.truncated` when the data ends inside the header, `.corrupt` when
    ///   the declared length is over PNG's limit.
    mutating func next() throws(ImageError.Reason) -> Chunk {
        let header = try source.read(at: offset, count: 8)
        if header.count < 8 { throw .truncated(while: "reading the chunk header at offset \(offset)") }
        let length = Self.bigEndian(header, at: 0)
        let type = String(decoding: header[4..<8], as: UTF8.self)
        if length > Self.maximumChunkLength {
            throw .corrupt(format: PNGFormat.name, message: "chunk '\(type)' at offset \(offset) declares \(length) bytes, over PNG's limit of 2147483647")
        }
        let chunk = Chunk(type: type, offset: offset, length: Int(length))
        offset = chunk.end
        return chunk
    }

    /// Whether the data ends exactly where the next chunk header would start, the chunks
    /// before it whole: after the image data, a file missing only IEND, which the decoder
    /// reads with a warning. A chunk cut short is not such an end.
    func isAtEnd() throws(ImageError.Reason) -> Bool {
        let last = try source.read(at: offset - 1, count: 2)
        return last.count == 1
    }

    /// The first `count` bytes of `chunk`'s data, fewer where the chunk or the data ends;
    /// enough to tell a wanted chunk from another of its type before reading it whole.
    func prefix(of chunk: Chunk, count: Int) throws(ImageError.Reason) -> [UInt8] {
        try source.read(at: chunk.offset + 8, count: min(count, chunk.length))
    }

    /// Whether the data holds all of `chunk`, its CRC included, found by reading its last byte.
    func isComplete(_ chunk: Chunk) throws(ImageError.Reason) -> Bool {
        try source.read(at: chunk.end - 1, count: 1).count == 1
    }

    /// `chunk`'s data, once its CRC is checked.
    ///
    /// - Parameter stage: what is being read, for the message when the data ends early:
    ///   "the iCCP chunk" gives "file is truncated (ends while reading the iCCP chunk)".
    /// - Throws: `.truncated`, or `PNGFailure.checksumMismatch` naming the chunk and both CRCs.
    func data(of chunk: Chunk, reading stage: String) throws(ImageError.Reason) -> ArraySlice<UInt8> {
        // Type, data and CRC: the span the CRC covers and the CRC itself, in one read.
        let typed = try source.read(at: chunk.offset + 4, count: chunk.length + 8)
        if typed.count < chunk.length + 8 { throw .truncated(while: "reading \(stage)") }
        let declared = Self.bigEndian(typed, at: chunk.length + 4)
        let computed = typed.withUnsafeBufferPointer { cpng_crc32($0.baseAddress, chunk.length + 4) }
        if declared != computed { throw .format(PNGFailure.checksumMismatch(chunk: chunk.type, declared: declared, computed: computed)) }
        return typed[4..<(4 + chunk.length)]
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
