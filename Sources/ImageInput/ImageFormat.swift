/// One format pinboard reads: how to recognise it, probe it, and stream its rows.
///
/// Like a libvips loader it has three jobs. `matches` looks at the first bytes of the
/// data, never the file's name. `probe` reads the header alone (size, orientation, alpha,
/// colour profile). `openRows` starts a streaming decode that may deliver the image
/// already reduced, when the format can shrink on load and the caller needs less.
/// The registry calls these; nothing else needs to know which format it holds.
public protocol ImageFormat: Sendable {
    /// The name users read in messages and the manifest: "PNG".
    static var name: String { get }
    /// The extensions, lowercased and without the dot, that a folder scan takes for this
    /// format. They only choose which files are looked at; content picks the reader.
    static var fileExtensions: [String] { get }
    /// How many leading bytes `matches` needs at most.
    static var signatureLength: Int { get }
    /// Whether data starting with `prefix` is this format's. `prefix` holds
    /// `signatureLength` bytes, or fewer when the data is shorter.
    static func matches(_ prefix: [UInt8]) -> Bool
    /// Reads and validates the header, checking it against `limits` before anything
    /// the size would cost is allocated.
    ///
    /// - Parameter path: names the data in errors.
    static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo
    /// Starts decoding the file at `path`, whose probe gave `info`.
    ///
    /// - Parameter minimumSize: the smallest stored-orientation size the caller can use;
    ///   a format that can shrink on load delivers the smallest reduction still covering
    ///   it. Nil decodes at full size.
    static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader
}
