import FuzzSupport
import Pinboard

/// The embedded-manifest reader over any file: the PNG chunk walk to the iTXt chunk,
/// its inflate, and the manifest JSON inside, as `pinboard diff` reads a sheet.
@main
enum Target {
    static func main() {
        let file = ScratchFile("sheet.png")
        FuzzMain.run { bytes in
            file.write(bytes)
            _ = try? EmbeddedManifest.read(sheet: file.path)
        }
    }
}
