import FuzzSupport
import TIFFCodec

/// TIFF: libtiff's directory probe, then the first page's strips or tiles.
@main
enum Target {
    static func main() { FuzzDecode.main(formats: [TIFFFormat.self], fileExtension: "tif") }
}
