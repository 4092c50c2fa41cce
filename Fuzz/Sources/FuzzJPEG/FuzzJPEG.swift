import FuzzSupport

/// JPEG: the marker walk with EXIF orientation and ICC chains, then libjpeg-turbo's decode, DCT-scaled for odd lengths.
@main
enum Target {
    static func main() { FuzzDecode.main(formats: ["JPEG"], fileExtension: "jpg") }
}
