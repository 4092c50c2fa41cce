import FuzzSupport
import ImageInput

/// The EXIF reader every format's probe shares (orientation, and the dates `--sort taken`
/// and `{taken}` labels use) over any TIFF-structured block: offsets that point past the
/// block, back at themselves or into each other, counts that claim more than it holds.
@main
enum Target {
    static func main() {
        FuzzMain.run { bytes in
            let exif = EXIF(tiff: bytes)
            if let taken = exif.taken, !(1...12).contains(taken.month) {
                fatalError("fuzz: a date taken in month \(taken.month)")
            }
        }
    }
}
