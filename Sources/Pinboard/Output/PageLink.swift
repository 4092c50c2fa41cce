import Foundation

/// The `href` or `src` by which a page reaches a file: a relative URL from the page's folder.
///
/// Relative, so the page and its files can be moved or served together; each path component
/// percent-encoded, so a `#`, `?`, `%` or space in a file name stays part of the name; and
/// always starting with `./` or `../`, so a first component such as `javascript:x.png` can
/// never be read as a URL scheme.
enum PageLink {
    /// The URL of the file at `target` from a page in `folder`, both paths absolute or
    /// relative to the working directory.
    static func href(to target: String, fromFolder folder: String) -> String {
        let targetParts = components(of: target)
        let folderParts = components(of: folder)
        let shared = zip(targetParts, folderParts).prefix { $0 == $1 }.count
        let ups = Array(repeating: "..", count: folderParts.count - shared)
        let downs = targetParts[shared...].map(encoded)
        let path = (ups + downs).joined(separator: "/")
        return ups.isEmpty ? "./" + path : path
    }

    /// The folder a page at `path` is in.
    static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    private static func components(of path: String) -> [String] {
        URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/").map(String.init)
    }

    /// Unreserved characters and a few harmless ones stay; the rest, `:` included, are encoded.
    private static let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=@")

    private static func encoded(_ component: String) -> String {
        component.addingPercentEncoding(withAllowedCharacters: allowed) ?? component
    }
}
