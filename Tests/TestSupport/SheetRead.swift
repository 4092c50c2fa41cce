import ImageInput
import Testing

/// Reading bytes the way a sheet reads a file, the format's probe and then a whole decode:
/// what the codecs' bad-input tests put every damaged variant through. A test target
/// declares its format's once:
///
/// ```swift
/// static let read = SheetRead(GIFFormat.self) { try GIFRowReader(bytes: $0, name: $1, limits: $2) }
/// ```
package struct SheetRead: Sendable {
    package typealias Open = @Sendable (_ bytes: [UInt8], _ name: String, _ limits: DecodeLimits) throws(ImageError) -> any ImageRowReader
    private let format: any ImageFormat.Type
    private let open: Open

    /// - Parameter open: the format's row reader on bytes in memory.
    package init(_ format: any ImageFormat.Type, open: @escaping Open) {
        self.format = format
        self.open = open
    }

    /// Probes `bytes`, then decodes them whole; `name` stands for the path in errors.
    package func decodeAll(bytes: [UInt8], name: String = "mutant", limits: DecodeLimits = .default) throws(ImageError) -> RGBAImage {
        _ = try format.probe(MemoryBytes(bytes), path: name, limits: limits)
        return try open(bytes, name, limits).readImage()
    }

    /// Reads `bytes` whole, which must work, then every prefix of them, each of which
    /// must be reported as cut (see `Truncations`); gives the whole image.
    package func expectEachCutReported(in bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> RGBAImage {
        let whole = try decodeAll(bytes: bytes, name: "whole")
        Truncations.expectEachReportedAsCut(bytes, sourceLocation: sourceLocation) { try decodeAll(bytes: $0, name: $1) }
        return whole
    }
}
