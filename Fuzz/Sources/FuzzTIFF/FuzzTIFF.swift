import FuzzSupport

/// TIFF: libtiff's directory probe, then the first page's strips or tiles.
@main
enum Target {
    static func main() { FuzzDecode.main(formats: ["TIFF"], fileExtension: "tif") }
}
