#if canImport(Glibc)
import Glibc
#endif

/// A PNG that could not be probed, decoded or written, with the file it concerns.
///
/// Every failure names its source or destination, so a user looking at a batch of
/// thousands of files knows which one to fix and why.
public struct CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the caller gave it, or `<memory>` for in-memory data.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// Why a file was refused; cases carry the offending values.
    public enum Reason: Error, Equatable, Sendable, CustomStringConvertible {
        case cannotOpen(errno: Int32)
        case isDirectory
        case emptyFile
        case notPNG
        case truncated(while: String)
        case missingHeader(foundChunk: String)
        case badHeaderLength(Int)
        case checksumMismatch(chunk: String, declared: UInt32, computed: UInt32)
        case invalidDimensions(width: UInt32, height: UInt32)
        case invalidFormat(colorType: UInt8, bitDepth: UInt8)
        case invalidHeaderField(name: String, value: UInt8)
        case tooManyPixels(width: UInt32, height: UInt32, limit: UInt64)
        /// libpng found the data damaged; its message says where.
        case corrupt(String)
        case readFailed(errno: Int32)
        case writeFailed(errno: Int32)
        /// The encoder was misused or zlib refused its stream; the message says how.
        case encodeFailed(String)
        case outOfMemory
        /// A text chunk (tEXt, zTXt or iTXt), or a text about to be written as one,
        /// breaks PNG's rules or the size cap; `problem` says how.
        case badText(chunk: String, keyword: String, problem: String)

        public var description: String {
            switch self {
            case .cannotOpen(let code): "cannot open: \(Self.systemMessage(code))"
            case .isDirectory: "is a directory, not a PNG file"
            case .emptyFile: "file is empty (0 bytes)"
            case .notPNG: "not a PNG file (signature does not match)"
            case .truncated(let stage): "file is truncated (ends while \(stage))"
            case .missingHeader(let found): "first chunk is '\(found)', not IHDR"
            case .badHeaderLength(let length): "IHDR length is \(length), must be 13"
            case .checksumMismatch(let chunk, let declared, let computed):
                "\(chunk) checksum mismatch (declared \(Self.hex(declared)), computed \(Self.hex(computed)))"
            case .invalidDimensions(let width, let height):
                "invalid dimensions \(width)x\(height) (each side must be 1 to 2147483647)"
            case .invalidFormat(let colorType, let bitDepth):
                "invalid colour type \(colorType) with bit depth \(bitDepth)"
            case .invalidHeaderField(let name, let value): "invalid IHDR \(name) \(value)"
            case .tooManyPixels(let width, let height, let limit):
                "image is \(width)x\(height) = \(UInt64(width) * UInt64(height)) pixels, over the limit of \(limit)"
            case .corrupt(let message): "corrupt image data: \(message)"
            case .readFailed(let code): "read failed: \(Self.systemMessage(code))"
            case .writeFailed(let code): "write failed: \(Self.systemMessage(code))"
            case .encodeFailed(let message): "cannot encode: \(message)"
            case .outOfMemory: "out of memory"
            case .badText(let chunk, let keyword, let problem): "\(chunk) chunk \(keyword.debugDescription): \(problem)"
            }
        }

        private static func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16)
            return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
        }

        private static func systemMessage(_ code: Int32) -> String {
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text)
        }
    }
}
