import FuzzSupport

/// PNG: the header probe (IHDR, the colour profile's chunk walk) and libpng's row decode.
@main
enum Target {
    static func main() { FuzzDecode.main(formats: ["PNG"], fileExtension: "png") }
}
