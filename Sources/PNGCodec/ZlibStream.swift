import CPNG

/// Inflating the zlib streams PNG keeps outside its image data (compressed texts, ICC
/// profiles), with a cap, because their inflated size is written nowhere in the file.
enum ZlibStream {
    /// Why a stream did not inflate: each caller words it for its own chunk.
    enum Failure: Error {
        /// The stream inflates to more than `limit` bytes.
        case overLimit(limit: Int)
        /// The stream is damaged, ends early or has bytes after its end; zlib's words.
        case damaged(message: String)
        case outOfMemory
    }

    /// Inflates one whole zlib stream and hands the bytes to `decode` before they are
    /// freed, so a caller that turns them into something else copies them only once.
    ///
    /// - Throws: `Failure` when the stream is over `limit` bytes inflated, damaged, or memory runs out.
    static func inflate<Decoded>(
        _ compressed: ArraySlice<UInt8>, limit: Int, decode: (UnsafeBufferPointer<UInt8>) -> Decoded
    ) throws(Failure) -> Decoded {
        var result = cpng_inflated()
        defer { cpng_inflated_release(&result) }
        let status = compressed.withUnsafeBufferPointer { input in
            cpng_inflate(input.baseAddress, input.count, limit, &result)
        }
        switch status {
        case CIMAGE_OK: return decode(UnsafeBufferPointer(start: result.bytes, count: result.length))
        case CIMAGE_ERROR_MEMORY: throw .outOfMemory
        case CIMAGE_ERROR_LIMIT: throw .overLimit(limit: limit)
        default:
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .damaged(message: message)
        }
    }
}
