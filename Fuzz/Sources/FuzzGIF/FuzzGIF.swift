import FuzzSupport

/// GIF: the screen descriptor probe, then giflib's first frame on its logical screen.
@main
enum Target {
    static func main() { FuzzDecode.main(formats: ["GIF"], fileExtension: "gif") }
}
