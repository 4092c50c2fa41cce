import Foundation
import PinboardIO
import Raster
import SheetManifest

/// Builds a IIIF Image API 3 level-0 static tree from the bands as they pass: the same
/// pyramid as `DeepZoomSink` (`PyramidWriter`, `PyramidLevel`), laid out as
/// `vips dzsave --layout iiif3` lays it out (see `IIIFPaths`), so any IIIF viewer reads it
/// from a plain web server.
///
/// As libvips does, the pyramid tiles do not overlap (the settings' overlap is not used),
/// `info.json` lists the scale factors of every level down to the first that fits in one
/// pyramid tile, and that level's one tile is `full/W,H/0/default.EXT`. Beyond libvips,
/// every smaller level down to 1×1 is written as a `full/` image too and listed in
/// `info.json`'s `sizes`, for viewers that ask for a thumbnail.
///
/// The tree is written inside `.NAME.pinboard-PID.tmp/` beside the folder `NAME` and
/// renamed into place in `finish` (an earlier tree moved aside and removed), so no one
/// finds a half tree; a folder there that holds no IIIF tree is not replaced.
///
/// ```swift
/// let sink = try IIIFSink(folder: "out/board", settings: DeepZoomSettings(tileSize: 512))
/// try sink.begin(SheetHeader(width: 640, height: 480, channels: .rgb))
/// try sink.write(band)
/// try sink.finish(manifest: manifest)     // out/board/info.json, out/board/0,0,512,480/512,480/0/default.jpg, …
/// ```
public final class IIIFSink: SheetSink {
    private let paths: IIIFPaths
    private let pyramid: PyramidWriter
    /// The start of the image's `id`, which viewers build every tile's URL from.
    private let baseID: String
    /// Folders made under the tree so far, so each is made once.
    private var madeFolders: Set<String> = []

    /// Pyramid tiles written so far, `full/` images included.
    public var tilesWritten: Int { pyramid.tilesWritten }

    /// libvips's `id` when none is given.
    public static let defaultID = "https://example.com/iiif"

    /// Creates the temporary folder beside `folder`.
    ///
    /// - Parameters:
    ///   - folder: the tree's folder; it may exist if it is empty or holds a IIIF tree.
    ///   - quality: the quality of JPEG and WebP pyramid tiles, 1 to 100.
    ///   - baseID: where the tree will be served from, less its folder's name.
    /// - Throws: `WriteError` naming `folder` when its parent is missing, it is a device, a
    ///   FIFO or a socket (`.unsuitableDestination`), or it is something else than an empty
    ///   folder or a IIIF tree.
    public init(folder: String, settings: DeepZoomSettings = DeepZoomSettings(), quality: Int = 90,
                baseID: String = IIIFSink.defaultID) throws(WriteError) {
        paths = IIIFPaths(folder: folder)
        self.baseID = baseID
        try PyramidWriter.refuseSpecialFiles(at: [folder])
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            let empty = (try? FileManager.default.contentsOfDirectory(atPath: folder).isEmpty) ?? false
            guard isFolder.boolValue, empty || IIIFPaths.isTree(folder) else {
                throw WriteError(path: folder, reason: .refused("it is there and is no IIIF tree; pinboard replaces only an empty folder or a tree of its own"))
            }
        }
        var untouching = settings
        untouching.overlap = 0
        pyramid = try PyramidWriter(destination: folder, folder: paths.parent, naming: paths.temporaryNaming,
                                    settings: untouching, quality: quality)
    }

    public func begin(_ header: SheetHeader) throws(WriteError) {
        let tree = paths.name
        try pyramid.begin(header) { _ in [tree] }
    }

    public func write(_ band: Band) throws(WriteError) {
        try pyramid.write(band) { tile throws(WriteError) in try place(tile) }
    }

    /// Writes `info.json` and the manifest, then renames the tree into place.
    ///
    /// - Throws: `WriteError` when rows are missing or a rename fails; nothing of this
    ///   tree is left behind.
    public func finish(manifest: Manifest?) throws(WriteError) {
        try pyramid.discarding { () throws(WriteError) in
            try pyramid.checkComplete()
            let tree = pyramid.temporary + "/" + paths.name
            try TextOutput.write(info(), to: tree + "/" + IIIFPaths.infoName)
            if let manifest { try ManifestFile.write(manifest, to: tree + "/" + IIIFPaths.manifestName) }
            try PyramidWriter.replace(paths.folder, with: tree, asideIn: pyramid.temporary + "/previous")
            pyramid.settle()
        }
    }

    /// The tile's path in the temporary folder, its folders made.
    private func place(_ tile: PyramidTile) throws(WriteError) -> String {
        guard let header = pyramid.header else { throw pyramid.refusal("no sheet was begun") }
        let size = PyramidLevel.sizes(width: header.width, height: header.height)[pyramid.levels.count - 1 - tile.level]
        let folder = IIIFPaths.tileFolder(
            column: tile.column, row: tile.row, scale: 1 << (pyramid.levels.count - 1 - tile.level),
            tileSize: pyramid.settings.tileSize, level: size, sheet: (header.width, header.height))
        var made = paths.name
        for part in folder.split(separator: "/") {
            made += "/" + part
            if madeFolders.insert(made).inserted { try pyramid.makeFolder(made) }
        }
        return made + "/default." + ending
    }

    /// The ending libvips gives each format's tiles: the format's usual one (`jpg`).
    private var ending: String {
        let tileFormat = pyramid.settings.tileFormat
        return tileFormat.sheetFormat.fileExtensions.first ?? tileFormat.rawValue
    }

    /// Whether a level of this size fits in one pyramid tile, and so is a `full/` image.
    private func fitsOneTile(_ size: (width: Int, height: Int)) -> Bool {
        size.width <= pyramid.settings.tileSize && size.height <= pyramid.settings.tileSize
    }

    /// `info.json`, as libvips writes it for `--layout iiif3`, with the `sizes` of the
    /// `full/` images (smallest first) and, for tiles other than JPEG, their format.
    func info() -> String {
        guard let header = pyramid.header else { return "" }
        let sizes = PyramidLevel.sizes(width: header.width, height: header.height)
        let tiled = (sizes.firstIndex(where: fitsOneTile) ?? sizes.count - 1) + 1
        let id = String(decoding: (try? JSONEncoder.withoutEscapingSlashes.encode(baseID + "/" + paths.name)) ?? Data(), as: UTF8.self)
        var text = """
            {
              "@context": "http://iiif.io/api/image/3/context.json",
              "id": \(id),
              "type": "ImageService3",
              "profile": "level0",
              "protocol": "http://iiif.io/api/image",

            """
        if pyramid.settings.tileFormat != .jpeg {
            text += "  \"preferredFormats\": [\n    \"\(ending)\"\n  ],\n  \"extraFormats\": [\n    \"\(ending)\"\n  ],\n"
        }
        let full = sizes.filter(fitsOneTile).reversed()
        text += "  \"sizes\": [\n" + full.map { "    {\n      \"width\": \($0.width),\n      \"height\": \($0.height)\n    }" }
            .joined(separator: ",\n") + "\n  ],\n"
        text += "  \"tiles\": [\n    {\n      \"scaleFactors\": [\n"
            + (0..<tiled).map { "        \(1 << $0)" }.joined(separator: ",\n")
            + "\n      ],\n      \"width\": \(pyramid.settings.tileSize)\n    }\n  ],\n"
        return text + "  \"width\": \(header.width),\n  \"height\": \(header.height)\n}\n"
    }
}

private extension JSONEncoder {
    static var withoutEscapingSlashes: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }
}
