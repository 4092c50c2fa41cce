import CPNG
import ImageInput

/// Finds one text chunk by keyword, walking a PNG's chunks from the signature to IEND.
///
/// Only the 8-byte length-and-type header of each chunk is read; the data is
/// skipped unless the chunk is a tEXt, zTXt or iTXt whose keyword bytes match,
/// which is checked on the keyword alone before the rest is read. The walk goes
/// on to IEND even after a match, so a file cut short anywhere is reported as
/// truncated rather than half trusted; after the image data that costs a read or two.
struct TextChunkSearch<Source: ByteSource> {
    let source: Source
    /// Names the PNG in errors.
    let path: String
    /// The most bytes a compressed text may inflate to.
    let inflateLimit: Int

    init(source: Source, path: String, inflateLimit: Int = Int(CPNG_TEXT_LIMIT)) {
        self.source = source
        self.path = path
        self.inflateLimit = inflateLimit
    }

    /// PNG's rule for chunk lengths, so offsets cannot run away on a damaged header.
    static var maximumChunkLength: UInt32 { 0x7FFF_FFFF }

    /// The first tEXt, zTXt or iTXt chunk with `keyword`, or nil when there is
    /// none before IEND; a keyword PNG cannot hold (empty, over 79 bytes, outside
    /// Latin-1) matches nothing, though the file is still checked.
    func find(keyword: String) throws(ImageError) -> PNGText? {
        do {
            return try walk(keyword: keyword)
        } catch {
            throw ImageError(path: path, reason: error)
        }
    }

    private func walk(keyword: String) throws(ImageError.Reason) -> PNGText? {
        let signature = try source.read(at: 0, count: 8)
        if signature.isEmpty { throw .emptyFile }
        if !signature.elementsEqual(ImageHeader.signature.prefix(signature.count)) { throw .signatureMismatch(expected: PNGFormat.name, signature: "signature does not match") }
        if signature.count < 8 { throw .truncated(while: "reading the signature") }

        // The keyword and the NUL that ends it, so a longer keyword never matches by its prefix.
        let wanted = PNGText.latin1(keyword: keyword).flatMap { (1...79).contains($0.count) ? $0 + [0] : nil }
        var found: PNGText?
        var offset = 8
        while true {
            let header = try source.read(at: offset, count: 8)
            if header.count < 8 { throw .truncated(while: "reading the chunk header at offset \(offset)") }
            let length = Self.bigEndian(header, at: 0)
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if length > Self.maximumChunkLength {
                throw .corrupt(format: PNGFormat.name, message: "chunk '\(type)' at offset \(offset) declares \(length) bytes, over PNG's limit of 2147483647")
            }
            if type == "IEND" {
                if try source.read(at: offset + 8, count: Int(length) + 4).count < Int(length) + 4 {
                    throw .truncated(while: "reading IEND")
                }
                return found
            }
            if found == nil, let wanted, ["tEXt", "zTXt", "iTXt"].contains(type), Int(length) >= wanted.count,
               try source.read(at: offset + 8, count: wanted.count) == wanted {
                found = try readText(type: type, at: offset, length: Int(length), keyword: keyword, keywordBytes: wanted.count)
            }
            offset += 12 + Int(length)
        }
    }

    /// Reads the whole matching chunk, checks its CRC and decodes its text.
    private func readText(type: String, at offset: Int, length: Int, keyword: String, keywordBytes: Int) throws(ImageError.Reason) -> PNGText {
        func bad(_ problem: String) -> ImageError.Reason { .badText(chunk: type, keyword: keyword, problem: problem) }

        // Type, data and CRC: the span the CRC covers and the CRC itself, in one read.
        let chunk = try source.read(at: offset + 4, count: length + 8)
        if chunk.count < length + 8 { throw .truncated(while: "reading the \(type) chunk \(keyword.debugDescription)") }
        let declared = Self.bigEndian(chunk, at: length + 4)
        let computed = chunk.withUnsafeBufferPointer { cpng_crc32($0.baseAddress, length + 4) }
        if declared != computed { throw .checksumMismatch(chunk: type, declared: declared, computed: computed) }

        let body = chunk[(4 + keywordBytes)..<(4 + length)]
        switch type {
        case "tEXt":
            return PNGText(keyword: keyword, text: Self.latin1(body))
        case "zTXt":
            guard let method = body.first else { throw bad("ends before its compression method") }
            if method != 0 { throw bad("compression method is \(method); only 0 (zlib) is defined") }
            let text = try inflate(body.dropFirst(), problem: bad) { Self.latin1($0) }
            return PNGText(keyword: keyword, text: text)
        default:
            return PNGText(keyword: keyword, text: try internationalText(body, problem: bad))
        }
    }

    /// The text of an iTXt chunk after its keyword: compression flag and method,
    /// language tag, translated keyword (both NUL-ended), then UTF-8.
    private func internationalText(
        _ body: ArraySlice<UInt8>, problem bad: (String) -> ImageError.Reason
    ) throws(ImageError.Reason) -> String {
        guard body.count >= 2, let flag = body.first else { throw bad("ends before its compression flag and method") }
        let method = body[body.startIndex + 1]
        if flag > 1 { throw bad("compression flag is \(flag), must be 0 or 1") }
        if flag == 1 && method != 0 { throw bad("compression method is \(method); only 0 (zlib) is defined") }
        let fields = body.dropFirst(2)
        guard let languageEnd = fields.firstIndex(of: 0) else { throw bad("the language tag has no NUL to end it") }
        guard let translatedEnd = fields[(languageEnd + 1)...].firstIndex(of: 0) else {
            throw bad("the translated keyword has no NUL to end it")
        }
        let encoded = fields[(translatedEnd + 1)...]
        let text: String? = if flag == 1 {
            try inflate(encoded, problem: bad) { String(validating: $0, as: UTF8.self) }
        } else {
            String(validating: encoded, as: UTF8.self)
        }
        guard let text else { throw bad("text is not valid UTF-8") }
        return text
    }

    /// Inflates a zlib stream and hands the bytes to `decode` before they are freed.
    private func inflate<Decoded>(
        _ compressed: ArraySlice<UInt8>, problem bad: (String) -> ImageError.Reason,
        decode: (UnsafeBufferPointer<UInt8>) -> Decoded
    ) throws(ImageError.Reason) -> Decoded {
        var result = cpng_inflated()
        defer { cpng_inflated_release(&result) }
        let status = compressed.withUnsafeBufferPointer { input in
            cpng_inflate(input.baseAddress, input.count, inflateLimit, &result)
        }
        switch status {
        case CIMAGE_OK: return decode(UnsafeBufferPointer(start: result.bytes, count: result.length))
        case CIMAGE_ERROR_MEMORY: throw .outOfMemory
        case CIMAGE_ERROR_LIMIT: throw bad("text inflates to more than \(inflateLimit) bytes, the limit")
        default:
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw bad("compressed text is damaged: \(message)")
        }
    }

    /// tEXt and zTXt text is Latin-1, whose bytes are the first 256 Unicode scalars.
    private static func latin1(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.lazy.map { Unicode.Scalar($0) })
        return text
    }

    private static func bigEndian(_ bytes: some RandomAccessCollection<UInt8>, at offset: Int) -> UInt32 {
        bytes.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}
