import ImageInput

/// What only a PNG can get wrong, carried as `ImageError.Reason.format`: its chunks,
/// their checksums, IHDR's fields, its text chunks and the encoder.
package enum PNGFailure: FormatFailure {
    /// The first chunk after the signature has type `foundChunk`, not IHDR: its four
    /// bytes as found, since damage or another format leaves bytes that are not letters.
    case missingHeader(foundChunk: [UInt8])
    /// IHDR declares a length other than 13.
    case badHeaderLength(Int)
    /// A chunk's CRC-32 over its type and data is not the one it declares.
    case checksumMismatch(chunk: String, declared: UInt32, computed: UInt32)
    /// A colour type PNG does not define, or a bit depth it does not allow with it.
    case invalidFormat(colorType: UInt8, bitDepth: UInt8)
    /// IHDR's compression, filter or interlace method (`name`) is not one PNG defines.
    case invalidHeaderField(name: String, value: UInt8)
    /// The encoder was misused or zlib refused its stream; the message says how.
    case encodeFailed(String)
    /// A text chunk (tEXt, zTXt or iTXt), or a text about to be written as one,
    /// breaks PNG's rules or the size cap; `problem` says how.
    case badText(chunk: String, keyword: String, problem: String)

    package var description: String {
        switch self {
        case .missingHeader(let found) where found.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }):
            "the first chunk is \(String(decoding: found, as: UTF8.self)), not IHDR"
        case .missingHeader(let found):
            "the first chunk's type is not letters (bytes \(found.map { Self.hex(UInt32($0), digits: 2).dropFirst(2) }.joined(separator: " "))): "
                + "the file is damaged or not a PNG after its signature"
        case .badHeaderLength(let length): "IHDR length is \(length), must be 13"
        case .checksumMismatch(let chunk, let declared, let computed):
            "\(chunk) checksum mismatch (declared \(Self.hex(declared, digits: 8)), computed \(Self.hex(computed, digits: 8)))"
        case .invalidFormat(let colorType, let bitDepth):
            "invalid colour type \(colorType) with bit depth \(bitDepth)"
        case .invalidHeaderField(let name, let value): "invalid IHDR \(name) \(value)"
        case .encodeFailed(let message): "cannot encode: \(message)"
        case .badText(let chunk, let keyword, let problem): "\(chunk) chunk \(keyword.debugDescription): \(problem)"
        }
    }
}
