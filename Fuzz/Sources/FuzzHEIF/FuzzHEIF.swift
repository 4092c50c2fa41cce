import FuzzSupport

/// HEIC and AVIF: the brand probe, then libheif's primary image or thumbnail.
@main
enum Target {
    static func main() { FuzzDecode.main(formats: ["HEIC", "AVIF"], fileExtension: "heic") }
}
