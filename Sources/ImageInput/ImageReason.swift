#if canImport(Glibc)
import Glibc
#endif

/// Why a file was refused; cases carry the offending values.
///
/// What every format can meet is a case here; what only one format can get wrong is
/// `format`, carrying that format's own `FormatFailure`.
public enum ImageReason: Error, Equatable, Sendable, CustomStringConvertible {
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

    // A format's own structure.
    /// What only one format can get wrong, declared in its codec (`PNGFailure`,
    /// `JPEGFailure`): see `FormatFailure`.
    case format(any FormatFailure)

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
            "its header gives the image a size of \(width)x\(height) pixels; each side must be 1 to \(maximumSide)"
        case .tooManyPixels(let width, let height, let limit):
            "image is \(width)x\(height) = \(width * height) pixels, over the limit of \(limit)"
        case .corrupt(let format, let message): "corrupt \(format) data: \(message)"
        case .unsupported(let format, let message): "unsupported \(format): \(message)"
        case .format(let failure): failure.description
        }
    }

    /// Case by case, as the synthesised equality would, which `format`'s existential
    /// rules out; the switch names every case so a new one must say how it compares.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .cannotOpen(let a): if case .cannotOpen(let b) = rhs { a == b } else { false }
        case .isDirectory: if case .isDirectory = rhs { true } else { false }
        case .emptyFile: if case .emptyFile = rhs { true } else { false }
        case .readFailed(let a): if case .readFailed(let b) = rhs { a == b } else { false }
        case .changedSinceProbe: if case .changedSinceProbe = rhs { true } else { false }
        case .writeFailed(let a): if case .writeFailed(let b) = rhs { a == b } else { false }
        case .outOfMemory: if case .outOfMemory = rhs { true } else { false }
        case .signatureMismatch(let a, let b):
            if case .signatureMismatch(let c, let d) = rhs { a == c && b == d } else { false }
        case .unrecognised(let a, let b): if case .unrecognised(let c, let d) = rhs { a == c && b == d } else { false }
        case .truncated(let a): if case .truncated(let b) = rhs { a == b } else { false }
        case .invalidDimensions(let a, let b, let c):
            if case .invalidDimensions(let d, let e, let f) = rhs { a == d && b == e && c == f } else { false }
        case .tooManyPixels(let a, let b, let c):
            if case .tooManyPixels(let d, let e, let f) = rhs { a == d && b == e && c == f } else { false }
        case .corrupt(let a, let b): if case .corrupt(let c, let d) = rhs { a == c && b == d } else { false }
        case .unsupported(let a, let b): if case .unsupported(let c, let d) = rhs { a == c && b == d } else { false }
        case .format(let a): if case .format(let b) = rhs { a.isEqual(to: b) } else { false }
        }
    }

    private static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
