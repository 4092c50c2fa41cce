import PNGCodec

/// Writes the small RGBA images the comparison tests make: straight RGBA rows `width`
/// pixels wide, top to bottom with no gap, as an RGBA PNG.
package enum RGBAPNG {
    /// Writes the image at `path`.
    package static func write(_ pixels: [UInt8], width: Int, to path: String) throws {
        let height = pixels.count / (width * 4)
        let writer = try PNGWriter(to: .path(path), width: width, height: height, channels: .rgba)
        try pixels.withUnsafeBytes { try writer.write(rows: $0, stride: width * 4, count: height) }
        try writer.finish()
    }

    /// Writes the image at `relative` below `folder` and returns its path.
    @discardableResult
    package static func write(_ pixels: [UInt8], width: Int, named relative: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/" + relative
        try write(pixels, width: width, to: path)
        return path
    }
}
