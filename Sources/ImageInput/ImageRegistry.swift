#if canImport(Glibc)
import Glibc
#endif

/// The formats pinboard reads, and the one place that chooses among them by content.
///
/// The file's first bytes decide, never its name: a PNG named `.jpg` reads as a PNG.
/// Data no format claims is named when it is a format known by sight
/// (`ForeignFormat`), so a user reads "a BMP file; pinboard reads PNG, JPEG, WebP, GIF,
/// TIFF, HEIC and AVIF" rather than a signature mismatch.
public struct ImageRegistry: Sendable {
    /// In the order they are tried; signatures do not overlap, so the order only
    /// matters for speed.
    package let formats: [any ImageFormat.Type]

    public init(_ formats: [any ImageFormat.Type]) {
        self.formats = formats
    }

    /// The names of the formats read, for messages: ["PNG", "JPEG"].
    package var names: [String] { formats.map { $0.name } }

    /// Format names as a sentence lists them: "PNG", "PNG and JPEG", "PNG, JPEG and WebP".
    package static func listing(_ names: [String]) -> String {
        guard let last = names.last else { return "nothing" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Every extension a folder scan takes, for all formats read.
    package var fileExtensions: Set<String> { Set(formats.flatMap { $0.fileExtensions }) }

    /// The format called `name`, as an `ImageInfo` records it.
    public func format(named name: String) -> (any ImageFormat.Type)? {
        formats.first { $0.name == name }
    }

    /// The format whose signature starts `source`.
    ///
    /// - Throws: `.emptyFile`, `.unrecognised` (naming a known foreign format), or the
    ///   source's read failure.
    package func format(of source: some ByteSource, path: String) throws(ImageError) -> any ImageFormat.Type {
        let length = max(formats.map { $0.signatureLength }.max() ?? 0, ForeignFormat.signatureLength)
        let prefix: [UInt8]
        do {
            prefix = try source.read(at: 0, count: length)
        } catch {
            throw ImageError(path: path, reason: error)
        }
        if prefix.isEmpty { throw ImageError(path: path, reason: .emptyFile) }
        guard let format = formats.first(where: { $0.matches(Array(prefix.prefix($0.signatureLength))) }) else {
            throw ImageError(path: path, reason: .unrecognised(detected: ForeignFormat.name(of: prefix), readable: names))
        }
        return format
    }

    /// Recognises and probes the data in `source`.
    public func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try format(of: source, path: path).probe(source, path: path, limits: limits)
    }

    /// Opens, recognises and probes the file at `path`.
    package func probe(path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        return try probe(FileBytes(fileDescriptor: fd), path: path, limits: limits)
    }

    /// Starts decoding the file at `path` with the format its probe found.
    ///
    /// - Parameter minimumSize: the smallest stored-orientation size the caller can use,
    ///   for formats that shrink on load; nil decodes at full size.
    public func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        guard let format = format(named: info.format) else {
            throw ImageError(path: path, reason: .unrecognised(detected: info.format, readable: names))
        }
        let reader = try format.openRows(path: path, info: info, minimumSize: minimumSize, limits: limits)
        // A file rewritten since its probe would no longer fit the place planned for it.
        guard reader.storedWidth == info.width, reader.storedHeight == info.height else {
            throw ImageError(path: path, reason: .changedSinceProbe)
        }
        return reader
    }
}
