import FuzzSupport
import Foundation
import Pinboard

/// The embedded-manifest reader over any file, as `pinboard manifest` and `pinboard diff`
/// read a sheet: the format told by content, then the PNG chunk walk and the joining of
/// split iTXt chunks, JPEG's APP11 chain, WebP's chunk, AVIF's item, TIFF's tag; and the
/// same bytes as the manifest file of a pyramid, beside a `.dzi` (inputs of even length)
/// or inside a IIIF tree (odd), whose XML and `info.json` only tell the format.
@main
enum Target {
    static func main() {
        let file = ScratchFile("sheet.png")
        let descriptor = ScratchFile("board.dzi")
        descriptor.write([])
        let beside = ScratchFile("board.manifest.json")
        let tree = ScratchFile("tree").path
        try? FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: tree + "/info.json", contents: Data("{}".utf8))
        FuzzMain.run { bytes in
            file.write(bytes)
            _ = try? EmbeddedManifest.read(sheet: file.path)
            if bytes.count % 2 == 0 {
                beside.write(bytes)
                _ = try? EmbeddedManifest.read(sheet: descriptor.path)
            } else {
                FileManager.default.createFile(atPath: tree + "/pinboard-manifest.json", contents: Data(bytes))
                _ = try? EmbeddedManifest.read(sheet: tree)
            }
        }
    }
}
