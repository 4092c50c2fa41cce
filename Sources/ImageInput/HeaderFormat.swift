/// A format whose probe is a header type's and whose rows come from a reader type opened
/// by path: all of `ImageFormat` but its name and extensions, written once here. A format
/// of this kind declares only those and its two types:
///
/// ```swift
/// package enum GIFFormat: HeaderFormat {
///     package typealias Header = GIFHeader
///     package typealias Reader = GIFRowReader
///     package static let name = "GIF"
///     package static let fileExtensions = ["gif"]
/// }
/// ```
package protocol HeaderFormat: ImageFormat {
    associatedtype Header: FormatHeader
    associatedtype Reader: FormatRowReader
}

/// What a format's header reader offers `HeaderFormat`: its signature, and a probe that
/// reads the header alone.
package protocol FormatHeader {
    /// How many leading bytes `looksLike` needs at most.
    static var signatureLength: Int { get }
    /// Whether data starts like this format's, whatever the file's name.
    static func looksLike(firstBytes: some Collection<UInt8>) -> Bool
    /// Reads and validates the header, checking it against `limits`; `path` names it in errors.
    static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> Self
    /// What the registry and the layout need of it, under the format's `name`.
    func imageInfo(format: String) -> ImageInfo
}

/// A row reader `HeaderFormat` opens by path.
package protocol FormatRowReader: ImageRowReader {
    /// Opens the file at `path` and starts a decode, reduced on load to no less than
    /// `minimumSize` when the format can shrink (nil: full size).
    init(path: String, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits) throws(ImageError)
}

extension HeaderFormat {
    package static var signatureLength: Int { Header.signatureLength }

    package static func matches(_ prefix: [UInt8]) -> Bool {
        Header.looksLike(firstBytes: prefix)
    }

    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try Header.probe(source, path: path, limits: limits).imageInfo(format: name)
    }

    package static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try Reader(path: path, minimumSize: minimumSize, limits: limits)
    }
}
