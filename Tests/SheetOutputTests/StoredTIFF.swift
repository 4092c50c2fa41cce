import CLibTIFF

/// A TIFF's first directory and samples as libtiff stores them, read tile by tile with
/// no conversion: the exact bytes, straight alpha included, which pinboard's RGBA
/// reader would premultiply and back.
struct StoredTIFF {
    let width: Int
    let height: Int
    let samplesPerPixel: Int
    let tileWidth: Int
    let tileHeight: Int
    /// The ExtraSamples values, empty for RGB.
    let extraSamples: [UInt16]
    let isBig: Bool
    /// `height` rows of `width` pixels, no padding.
    let pixels: [UInt8]

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws {
        guard let tif = TIFFOpen(path, "r") else { throw Unreadable(description: "libtiff cannot open \(path)") }
        defer { TIFFClose(tif) }
        var width: UInt32 = 0, height: UInt32 = 0, tileWidth: UInt32 = 0, tileHeight: UInt32 = 0, samples: UInt16 = 0
        guard Self.field(tif, TIFFTAG_IMAGEWIDTH, &width), Self.field(tif, TIFFTAG_IMAGELENGTH, &height),
              Self.field(tif, TIFFTAG_TILEWIDTH, &tileWidth), Self.field(tif, TIFFTAG_TILELENGTH, &tileHeight),
              Self.field(tif, TIFFTAG_SAMPLESPERPIXEL, &samples)
        else { throw Unreadable(description: "\(path) is not a tiled TIFF") }
        var extraCount: UInt16 = 0
        var extra: UnsafeMutablePointer<UInt16>?
        let hasExtra = withUnsafeMutablePointer(to: &extraCount) { count in
            withUnsafeMutablePointer(to: &extra) { values in
                withVaList([count, values]) { TIFFVGetField(tif, UInt32(TIFFTAG_EXTRASAMPLES), $0) } == 1
            }
        }
        extraSamples = hasExtra && extra != nil ? Array(UnsafeBufferPointer(start: extra, count: Int(extraCount))) : []
        isBig = TIFFIsBigTIFF(tif) != 0
        (self.width, self.height, samplesPerPixel) = (Int(width), Int(height), Int(samples))
        (self.tileWidth, self.tileHeight) = (Int(tileWidth), Int(tileHeight))
        let pixel = Int(samples)
        var tile = [UInt8](repeating: 0, count: Int(TIFFTileSize(tif)))
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * pixel)
        for top in stride(from: 0, to: Int(height), by: Int(tileHeight)) {
            for left in stride(from: 0, to: Int(width), by: Int(tileWidth)) {
                let index = TIFFComputeTile(tif, UInt32(left), UInt32(top), 0, 0)
                let got = tile.withUnsafeMutableBytes { TIFFReadEncodedTile(tif, index, $0.baseAddress, tmsize_t($0.count)) }
                guard got >= 0 else { throw Unreadable(description: "tile \(index) of \(path) cannot be read") }
                for y in top..<min(Int(height), top + Int(tileHeight)) {
                    let columns = min(Int(width) - left, Int(tileWidth)) * pixel
                    let from = (y - top) * Int(tileWidth) * pixel
                    let to = (y * Int(width) + left) * pixel
                    pixels.replaceSubrange(to..<to + columns, with: tile[from..<from + columns])
                }
            }
        }
        self.pixels = pixels
    }

    /// One tag's value through `TIFFVGetField`, since Swift cannot call the variadic `TIFFGetField`.
    private static func field<Value>(_ tif: OpaquePointer, _ tag: Int32, _ value: inout Value) -> Bool {
        withUnsafeMutablePointer(to: &value) { pointer in
            withVaList([pointer]) { TIFFVGetField(tif, UInt32(tag), $0) } == 1
        }
    }
}
