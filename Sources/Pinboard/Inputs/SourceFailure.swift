/// A source that could not be read, whatever its format: the path and why, as users read it.
public struct SourceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}
