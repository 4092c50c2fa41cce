#if canImport(Glibc)
import Glibc
#endif

/// An image that could not be probed, decoded or written, with the file it concerns.
///
/// Every failure names its source or destination, so a user looking at a batch of
/// thousands of files knows which one to fix and why:
/// `photos/a.jpg: file is truncated (ends while decoding rows: Premature end of JPEG file)`.
/// One type serves every format, so the pipeline reports a PNG's fault and a JPEG's alike.
public struct ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the caller gave it, or `<memory>` for in-memory data.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// Runs `body`, naming `path` in the reason it throws: how a probe that reads in
    /// reasons reports to callers that need the file.
    public static func naming<T>(_ path: String, _ body: () throws(Reason) -> T) throws(ImageError) -> T {
        do {
            return try body()
        } catch {
            throw ImageError(path: path, reason: error)
        }
    }

    /// Why a file was refused; cases carry the offending values.
    public enum Reason: Error, Equatable, Sendable, CustomStringConvertible {
        // Reading the file at all.
        case cannotOpen(errno: Int32)
        case isDirectory
        case emptyFile
        case readFailed(errno: Int32)
        /// The file's header no longer matches what its probe found.
        case changedSinceProbe
        case writeFailed(errno: Int32)
        case outOfMemory

        // Recognising it.
        /// A format's reader was handed data without its signature: `expected` is the
        /// format's name, `signature` says what was looked for.
        case signatureMismatch(expected: String, signature: String)
        /// No reader recognised the data. `detected` names a format pinboard knows by
        /// sight but does not read ("a BMP file"), `readable` lists those it reads.
        case unrecognised(detected: String?, readable: [String])

        // Faults any format can have.
        case truncated(while: String)
        /// Sides of 0, or larger than the format allows (`maximumSide`).
        case invalidDimensions(width: UInt64, height: UInt64, maximumSide: UInt64)
        case tooManyPixels(width: UInt64, height: UInt64, limit: UInt64)
        /// The decoding library found the data damaged; its message says where.
        case corrupt(format: String, message: String)
        /// The library decodes it, but not to RGBA (12-bit JPEG samples, 2 components, …).
        case unsupported(format: String, message: String)

        // PNG's structure.
        case missingHeader(foundChunk: String)
        case badHeaderLength(Int)
        case checksumMismatch(chunk: String, declared: UInt32, computed: UInt32)
        case invalidFormat(colorType: UInt8, bitDepth: UInt8)
        case invalidHeaderField(name: String, value: UInt8)
        /// The encoder was misused or zlib refused its stream; the message says how.
        case encodeFailed(String)
        /// A text chunk (tEXt, zTXt or iTXt), or a text about to be written as one,
        /// breaks PNG's rules or the size cap; `problem` says how.
        case badText(chunk: String, keyword: String, problem: String)

        // JPEG's structure.
        case badSegmentLength(marker: UInt8, length: Int)
        /// The image data starts, or the file ends, before any frame header (SOFn).
        case missingFrameHeader(foundMarker: UInt8)
        /// Component counts other than 1 (grey), 3 (YCbCr or RGB) and 4 (CMYK or YCCK).
        case unsupportedComponents(Int)

        public var description: String {
            switch self {
            case .cannotOpen(let code): "cannot open: \(Self.systemMessage(code))"
            case .isDirectory: "is a directory, not an image file"
            case .emptyFile: "file is empty (0 bytes)"
            case .readFailed(let code): "read failed: \(Self.systemMessage(code))"
            case .changedSinceProbe: "the file changed while the sheet was made"
            case .writeFailed(let code): "write failed: \(Self.systemMessage(code))"
            case .outOfMemory: "out of memory"
            case .signatureMismatch(let expected, let signature):
                "not a \(expected) file (\(signature))"
            case .unrecognised(let detected, let readable):
                (detected.map { "\($0); " } ?? "not an image file pinboard recognises; ")
                    + "pinboard reads " + ImageRegistry.listing(readable)
            case .truncated(let stage): "file is truncated (ends while \(stage))"
            case .invalidDimensions(let width, let height, let maximumSide):
                "invalid dimensions \(width)x\(height) (each side must be 1 to \(maximumSide))"
            case .tooManyPixels(let width, let height, let limit):
                "image is \(width)x\(height) = \(width * height) pixels, over the limit of \(limit)"
            case .corrupt(let format, let message): "corrupt \(format) data: \(message)"
            case .unsupported(let format, let message): "unsupported \(format): \(message)"
            case .missingHeader(let found): "first chunk is '\(found)', not IHDR"
            case .badHeaderLength(let length): "IHDR length is \(length), must be 13"
            case .checksumMismatch(let chunk, let declared, let computed):
                "\(chunk) checksum mismatch (declared \(Self.hex(declared, digits: 8)), computed \(Self.hex(computed, digits: 8)))"
            case .invalidFormat(let colorType, let bitDepth):
                "invalid colour type \(colorType) with bit depth \(bitDepth)"
            case .invalidHeaderField(let name, let value): "invalid IHDR \(name) \(value)"
            case .encodeFailed(let message): "cannot encode: \(message)"
            case .badText(let chunk, let keyword, let problem): "\(chunk) chunk \(keyword.debugDescription): \(problem)"
            case .badSegmentLength(let marker, let length):
                "marker \(Self.hex(UInt32(marker), digits: 2)) declares an impossible length \(length)"
            case .missingFrameHeader(let marker):
                "no frame header (SOFn) before marker \(Self.hex(UInt32(marker), digits: 2))"
            case .unsupportedComponents(let count):
                "\(count) colour components (only 1, 3 and 4 are decoded)"
            }
        }

        private static func hex(_ value: UInt32, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: digits == 2)
            return "0x" + String(repeating: "0", count: max(digits - text.count, 0)) + text
        }

        private static func systemMessage(_ code: Int32) -> String {
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text)
        }
    }
}
