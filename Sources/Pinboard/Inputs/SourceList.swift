/// The paths of a list of sources (`--files-from`): one a line, or NUL-separated as
/// `find -print0` writes them, so a list made by another tool needs no shell arguments.
public enum SourceList {
    /// The paths in `bytes`, in order, separated by newlines, or by NUL bytes when `null`
    /// (then a newline is part of a name). Empty entries are left out, so a final newline
    /// or NUL adds nothing; nothing else is trimmed, since a space may begin or end a name.
    public static func paths(in bytes: some Collection<UInt8>, null: Bool) -> [String] {
        let separator = null ? UInt8(0) : UInt8(ascii: "\n")
        return bytes.split(separator: separator).map { String(decoding: $0, as: UTF8.self) }
    }
}
