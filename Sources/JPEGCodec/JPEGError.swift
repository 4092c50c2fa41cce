#if canImport(Glibc)
import Glibc
#endif

/// A JPEG that could not be probed or decoded, with the file it concerns.
///
/// Every failure names its source, so a user looking at a batch of thousands
/// of photos knows which one to fix and why:
/// `photos/a.jpg: file is truncated (ends while decoding rows: Premature end of JPEG file)`.
public struct JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
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
        /// The first bytes are not FF D8 FF.
        case notJPEG
        case truncated(while: String)
        case badSegmentLength(marker: UInt8, length: Int)
        /// The image data starts, or the file ends, before any frame header (SOFn).
        case missingFrameHeader(foundMarker: UInt8)
        case invalidDimensions(width: Int, height: Int)
        /// Component counts other than 1 (grey), 3 (YCbCr or RGB) and 4 (CMYK or YCCK).
        case unsupportedComponents(Int)
        case tooManyPixels(width: Int, height: Int, limit: UInt64)
        /// libjpeg refused the data; its message says why.
        case corrupt(String)
        /// libjpeg decodes it, but not to RGB (12-bit samples, 2 components, …).
        case unsupported(String)
        case readFailed(errno: Int32)
        case outOfMemory

        public var description: String {
            switch self {
            case .cannotOpen(let code): "cannot open: \(Self.systemMessage(code))"
            case .isDirectory: "is a directory, not a JPEG file"
            case .emptyFile: "file is empty (0 bytes)"
            case .notJPEG: "not a JPEG file (does not start with FF D8 FF)"
            case .truncated(let stage): "file is truncated (ends while \(stage))"
            case .badSegmentLength(let marker, let length):
                "marker \(Self.hex(marker)) declares an impossible length \(length)"
            case .missingFrameHeader(let marker):
                "no frame header (SOFn) before marker \(Self.hex(marker))"
            case .invalidDimensions(let width, let height):
                "invalid dimensions \(width)x\(height) (each side must be 1 to 65535)"
            case .unsupportedComponents(let count):
                "\(count) colour components (only 1, 3 and 4 are decoded)"
            case .tooManyPixels(let width, let height, let limit):
                "image is \(width)x\(height) = \(width * height) pixels, over the limit of \(limit)"
            case .corrupt(let message): "corrupt JPEG data: \(message)"
            case .unsupported(let message): "unsupported JPEG: \(message)"
            case .readFailed(let code): "read failed: \(Self.systemMessage(code))"
            case .outOfMemory: "out of memory"
            }
        }

        private static func hex(_ value: UInt8) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return "0x" + (digits.count < 2 ? "0" : "") + digits
        }

        private static func systemMessage(_ code: Int32) -> String {
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text)
        }
    }
}
