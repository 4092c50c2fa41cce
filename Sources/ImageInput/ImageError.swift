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
}
