import Geometry
import PNGCodec
import Raster

/// PNGs written straight through `PNGWriter`, without pinboard's sheet pipeline: sources of
/// one colour, and plain images a comparison has no manifest for.
enum SolidPNG {
    /// Writes an opaque RGB PNG of `width × height` pixels, every one `color`, with `texts`
    /// after the image data.
    static func write(_ path: String, width: Int, height: Int, color: Color, texts: [PNGText] = []) throws {
        let pixel = [color.red, color.green, color.blue]
        try write(path, width: width, height: height, rgb: Array([[UInt8]](repeating: pixel, count: width * height).joined()),
                  texts: texts)
    }

    /// Writes an opaque RGB PNG from `rgb`, 3 bytes a pixel, rows top to bottom.
    static func write(_ path: String, width: Int, height: Int, rgb: [UInt8], texts: [PNGText] = []) throws {
        precondition(rgb.count == width * height * 3, "\(rgb.count) bytes for \(width)×\(height) RGB")
        let writer = try PNGWriter(to: .path(path), width: width, height: height, channels: .rgb)
        try rgb.withUnsafeBytes { bytes in
            try writer.write(rows: bytes, stride: width * 3, count: height)
        }
        for text in texts { try writer.add(text: text) }
        try writer.finish()
    }
}
