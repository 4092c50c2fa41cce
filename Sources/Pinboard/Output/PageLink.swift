import Foundation
import PinboardIO
import SheetManifest

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

    /// The link a board page puts over a tile: to its source, its name in the `title` and in
    /// a caption shown on hover or focus, both escaped, and `placement` (attributes the
    /// page places it by) between them.
    static func anchor(for item: Manifest.Item, fromFolder folder: String, placement: String) -> String {
        let name = Markup.escaped(item.pairingKey)
        let href = Markup.escaped(href(to: item.source, fromFolder: folder))
        return "<a href=\"\(href)\" title=\"\(name)\" \(placement)><span>\(name)</span></a>\n"
    }

    /// The style of the links `anchor` writes, children of the elements `container` selects:
    /// placed absolutely, outlined on hover or focus, their caption shown then.
    static func style(container: String) -> String {
        """
        \(container) > a { position: absolute; display: block; }
        \(container) > a:hover, \(container) > a:focus { outline: 3px solid #0a6cff; outline-offset: -3px; }
        \(container) > a > span { display: none; position: absolute; left: 0; bottom: 0; max-width: 100%; padding: 2px 6px;
          overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: #fff; background: rgba(0, 0, 0, 0.7); }
        \(container) > a:hover > span, \(container) > a:focus > span { display: block; }

        """
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
