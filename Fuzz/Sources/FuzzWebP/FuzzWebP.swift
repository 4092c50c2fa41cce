import FuzzSupport

/// WebP: the RIFF probe, then libwebp's demuxer and first frame, scaled for odd lengths.
@main
enum Target {
    static func main() { FuzzDecode.main(formats: ["WebP"], fileExtension: "webp") }
}
