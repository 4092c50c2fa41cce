/// Something that went wrong with one path: the path as the user spelled it, and why, the
/// reason a value until the message is wanted.
///
/// An image's failures (`ImageError`), scanning's problems (`SourceProblem`) and output's
/// (`WriteError`) are this one record with their own reasons, so callers match a case and
/// the terminal prints `path: reason`.
public struct PathFailure<Cause: Error & Sendable & CustomStringConvertible>: Error, Sendable, CustomStringConvertible {
    /// Why, as a value: the cause's own type.
    public typealias Reason = Cause

    /// The path as the caller gave it, or a stand-in such as `<memory>` or `<stdout>`.
    public let path: String
    public let reason: Cause

    package init(path: String, reason: Cause) {
        self.path = path
        self.reason = reason
    }

    /// A one-line message naming the path, such as `photos/old: Permission denied`.
    public var description: String { "\(path): \(reason)" }

    /// Runs `body`, naming `path` in the reason it throws: how a probe that reads in
    /// reasons reports to callers that need the file.
    package static func naming<T>(_ path: String, _ body: () throws(Cause) -> T) throws(PathFailure) -> T {
        do {
            return try body()
        } catch {
            throw PathFailure(path: path, reason: error)
        }
    }
}

extension PathFailure: Equatable where Cause: Equatable {}
extension PathFailure: Hashable where Cause: Hashable {}
