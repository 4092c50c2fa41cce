import PinboardIO
import SheetManifest
import SheetOutput

/// A board written as a Deep Zoom pyramid, as a web page that pans and zooms it: the board
/// page (`BoardPage`) for a sheet too big to hand a browser whole.
///
/// One file, its viewer (`PyramidViewer`) inline, which loads only the pyramid tiles in
/// view, by relative URLs into `NAME_files/`; over every tile in view it keeps the board
/// page's link to the source, its name on hover, placed from the manifest's frames in sheet
/// pixels and scaled with the view. The links are the board page's own (`PageLink`), so
/// names are escaped the same way and a hostile file name stays text.
///
/// ```swift
/// let written = try SheetComposer.write(plan, to: "board.dzi")   // with EncodeSettings(format: .dzi)
/// try PyramidPage(manifest: written.manifest, descriptorPath: "board.dzi", settings: DeepZoomSettings())
///     .write(to: "board.html")
/// ```
public struct PyramidPage: HTMLPage {
    public let manifest: Manifest
    /// The `.dzi` file, absolute or relative to the working directory; its tiles folder
    /// beside it, and the sources in the manifest, are read the same way.
    public let descriptorPath: String
    /// How the pyramid was cut.
    public let settings: DeepZoomSettings

    public init(manifest: Manifest, descriptorPath: String, settings: DeepZoomSettings) {
        self.manifest = manifest
        self.descriptorPath = descriptorPath
        self.settings = settings
    }

    /// The page's HTML, for a page written at `pagePath`.
    public func html(pagePath: String) -> String {
        let folder = PageLink.folder(of: pagePath)
        let paths = DeepZoomPaths(descriptor: descriptorPath)
        let tiles = PageLink.href(to: paths.tilesFolder, fromFolder: folder) + "/"
        let levels = DeepZoomSettings.levelCount(width: manifest.width, height: manifest.height)
        let style = """

            body { background: \(Markup.escaped(manifest.background.description)); font: 14px/1.4 system-ui, sans-serif; }

            """ + PyramidViewer.style + PageLink.style(container: "#links")
        var page = Markup.pageHead(title: paths.descriptorName, style: style) + """
            <body>
            <div id="view" tabindex="0" data-width="\(manifest.width)" data-height="\(manifest.height)" \
            data-levels="\(levels)" data-tile-size="\(settings.tileSize)" data-overlap="\(settings.overlap)" \
            data-format="\(settings.tileFormat.rawValue)" data-tiles="\(Markup.escaped(tiles))">
            <div id="pyramid"></div>
            <div id="links"></div>
            </div>
            <template id="links-source">

            """
        for item in manifest.items {
            page += PageLink.anchor(
                for: item, fromFolder: folder, placement: "data-frame=\"\(item.x) \(item.y) \(item.width) \(item.height)\"")
        }
        return page + "</template>\n<script>\n" + PyramidViewer.script + "</script>\n</body>\n</html>\n"
    }
}
