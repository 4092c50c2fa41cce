import CPNG
import ImageInput

/// Finds the text chunks with a keyword, walking a PNG's chunks from the signature to IEND.
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

    /// The first tEXt, zTXt or iTXt chunk with `keyword`, or nil when there is
    /// none before IEND; a keyword PNG cannot hold (empty, over 79 bytes, outside
    /// Latin-1) matches nothing, though the file is still checked.
    func find(keyword: String) throws(ImageError) -> PNGText? {
        do {
            // One chunk alone: only `inflateLimit` bounds it, as before there could be several.
            return try walk(keyword: keyword, all: false, totalLimit: .max).first
        } catch {
            throw ImageError(path: path, reason: error)
        }
    }

    /// Every tEXt, zTXt and iTXt chunk with `keyword`, in file order, their texts together
    /// at most `totalLimit` UTF-8 bytes (each chunk also at most `inflateLimit`); empty when
    /// there is none before IEND.
    func findAll(keyword: String, totalLimit: Int) throws(ImageError) -> [PNGText] {
        do {
            return try walk(keyword: keyword, all: true, totalLimit: totalLimit)
        } catch {
            throw ImageError(path: path, reason: error)
        }
    }

    /// The matching texts: the first only unless `all`, within `totalLimit` bytes together.
    private func walk(keyword: String, all: Bool, totalLimit: Int) throws(ImageError.Reason) -> [PNGText] {
        let signature = try source.read(at: 0, count: 8)
        if signature.isEmpty { throw .emptyFile }
        if !signature.elementsEqual(ImageHeader.signature.prefix(signature.count)) { throw .signatureMismatch(expected: PNGFormat.name, signature: "signature does not match") }
        if signature.count < 8 { throw .truncated(while: "reading the signature") }

        // The keyword and the NUL that ends it, so a longer keyword never matches by its prefix.
        let wanted = PNGText.latin1(keyword: keyword).flatMap { (1...79).contains($0.count) ? $0 + [0] : nil }
        var found: [PNGText] = []
        var total = 0
        var chunks = PNGChunkWalk(source: source, offset: ImageHeader.signature.count)
        var afterImageData = false
        while true {
            // What the decoder accepts (see `ToleratedDamage.missingEnd`), the search accepts too.
            if afterImageData, try chunks.isAtEnd() { return found }
            let chunk = try chunks.next()
            afterImageData = afterImageData || chunk.type == "IDAT"
            if chunk.type == "IEND" {
                if try !chunks.isComplete(chunk) { throw .truncated(while: "reading IEND") }
                return found
            }
            if all || found.isEmpty, let wanted, ["tEXt", "zTXt", "iTXt"].contains(chunk.type), chunk.length >= wanted.count,
               try chunks.prefix(of: chunk, count: wanted.count) == wanted {
                let body = try chunks.data(of: chunk, reading: "the \(chunk.type) chunk \(keyword.debugDescription)")
                // Inflated only as far as the total leaves room for, so memory stays within it.
                let remaining = totalLimit - total
                let overTotal = "the texts with this keyword come to more than \(totalLimit) bytes together, the limit"
                let limit = remaining < inflateLimit
                    ? InflateLimit(bytes: max(remaining, 0), problem: overTotal)
                    : InflateLimit(bytes: inflateLimit, problem: "text inflates to more than \(inflateLimit) bytes, the limit")
                let text = try text(type: chunk.type, body: body.dropFirst(wanted.count), keyword: keyword, limit: limit)
                total += text.text.utf8.count
                if total > totalLimit {
                    throw .format(PNGFailure.badText(chunk: chunk.type, keyword: keyword, problem: overTotal))
                }
                found.append(text)
            }
        }
    }

    /// The most bytes one chunk's text may inflate to, and what passing it means.
    private struct InflateLimit {
        let bytes: Int
        let problem: String
    }

    /// Decodes the text of a matching chunk from its data after the keyword.
    private func text(type: String, body: ArraySlice<UInt8>, keyword: String, limit: InflateLimit) throws(ImageError.Reason) -> PNGText {
        func bad(_ problem: String) -> ImageError.Reason { .format(PNGFailure.badText(chunk: type, keyword: keyword, problem: problem)) }

        switch type {
        case "tEXt":
            return PNGText(keyword: keyword, text: Self.latin1(body))
        case "zTXt":
            guard let method = body.first else { throw bad("ends before its compression method") }
            if method != 0 { throw bad("compression method is \(method); only 0 (zlib) is defined") }
            let text = try inflate(body.dropFirst(), limit: limit, problem: bad) { Self.latin1($0) }
            return PNGText(keyword: keyword, text: text)
        default:
            return PNGText(keyword: keyword, text: try internationalText(body, limit: limit, problem: bad))
        }
    }

    /// The text of an iTXt chunk after its keyword: compression flag and method,
    /// language tag, translated keyword (both NUL-ended), then UTF-8.
    private func internationalText(
        _ body: ArraySlice<UInt8>, limit: InflateLimit, problem bad: (String) -> ImageError.Reason
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
            try inflate(encoded, limit: limit, problem: bad) { String(validating: $0, as: UTF8.self) }
        } else {
            String(validating: encoded, as: UTF8.self)
        }
        guard let text else { throw bad("text is not valid UTF-8") }
        return text
    }

    /// Inflates a compressed text and hands the bytes to `decode` before they are freed.
    private func inflate<Decoded>(
        _ compressed: ArraySlice<UInt8>, limit: InflateLimit, problem bad: (String) -> ImageError.Reason,
        decode: (UnsafeBufferPointer<UInt8>) -> Decoded
    ) throws(ImageError.Reason) -> Decoded {
        do {
            return try ZlibStream.inflate(compressed, limit: limit.bytes, decode: decode)
        } catch {
            switch error {
            case .outOfMemory: throw .outOfMemory
            case .overLimit: throw bad(limit.problem)
            case .damaged(let message): throw bad("compressed text is damaged: \(message)")
            }
        }
    }

    /// tEXt and zTXt text is Latin-1, whose bytes are the first 256 Unicode scalars.
    private static func latin1(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.lazy.map { Unicode.Scalar($0) })
        return text
    }
}
