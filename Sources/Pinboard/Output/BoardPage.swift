import Foundation
import Layout
import PinboardIO
import SheetManifest

/// A board as a web page: the sheet image, with a link over every tile to its source file.
///
/// Each link is placed from the manifest's frames in percent of the sheet, so the links
/// stay over their tiles however wide the window makes the image; hovering or focusing a
/// tile shows its name (a `title` and a caption), and following it opens the source. Every
/// name and path is escaped (`Markup`) and linked relatively (`PageLink`), so the page and
/// the files can be moved together and a hostile file name stays text.
///
/// ```swift
/// let written = try SheetComposer.write(plan, to: "board.png")
/// try BoardPage(manifest: written.manifest, sheetPath: "board.png").write(to: "board.html")
/// ```
public struct BoardPage: HTMLPage {
    public let manifest: Manifest
    /// Where the sheet PNG is, absolute or relative to the working directory; sources in
    /// the manifest are read the same way.
    public let sheetPath: String

    public init(manifest: Manifest, sheetPath: String) {
        self.manifest = manifest
        self.sheetPath = sheetPath
    }

    /// The page's HTML, for a page written at `pagePath`.
    public func html(pagePath: String) -> String {
        let folder = PageLink.folder(of: pagePath)
        let sheetName = Markup.escaped(URL(fileURLWithPath: sheetPath).lastPathComponent)
        let style = """

            body { margin: 0; background: \(Markup.escaped(manifest.background.description)); font: 14px/1.4 system-ui, sans-serif; }
            .board { position: relative; max-width: \(manifest.width)px; margin: 0 auto; }
            .board > img { display: block; width: 100%; height: auto; }

            """ + PageLink.style(container: ".board")
        var page = Markup.pageHead(title: URL(fileURLWithPath: sheetPath).lastPathComponent, style: style) + """
            <body>
            <div class="board">
            <img src="\(Markup.escaped(PageLink.href(to: sheetPath, fromFolder: folder)))" width="\(manifest.width)" \
            height="\(manifest.height)" alt="\(sheetName)">

            """
        for item in manifest.items {
            page += PageLink.anchor(for: item, fromFolder: folder, placement: "style=\"\(position(of: item))\"")
        }
        return page + "</div>\n</body>\n</html>\n"
    }


    /// The tile's frame in percent of the sheet, so it scales with the image.
    private func position(of item: Manifest.Item) -> String {
        func percent(_ value: Int, of whole: Int) -> String {
            String(format: "%.4f%%", 100 * Double(value) / Double(max(whole, 1)))
        }
        return "left: \(percent(item.x, of: manifest.width)); top: \(percent(item.y, of: manifest.height)); "
            + "width: \(percent(item.width, of: manifest.width)); height: \(percent(item.height, of: manifest.height))"
    }
}
