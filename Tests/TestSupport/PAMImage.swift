import Foundation
import Raster

/// Reads the binary PAM (P7) files that scripts/make-raster-goldens.py writes: MAXVAL 255,
/// TUPLTYPE RGB or RGB_ALPHA.
package enum PAMImage {
    package struct ReadError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The image as straight RGBA (alpha 255 when the file has none), and whether the file
    /// had an alpha channel.
    package static func read(_ url: URL) throws -> (image: Raster.RGBAImage, hasAlpha: Bool) {
        let data = try Data(contentsOf: url)
        let marker = Data("ENDHDR\n".utf8)
        guard let end = data.range(of: marker) else {
            throw ReadError(description: "\(url.lastPathComponent): no ENDHDR")
        }
        let header = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        var fields: [String: String] = [:]
        for line in header.split(separator: "\n").dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                fields[String(parts[0])] = String(parts[1])
            }
        }
        guard header.hasPrefix("P7"), fields["MAXVAL"] == "255",
            let width = fields["WIDTH"].flatMap({ Int($0) }),
            let height = fields["HEIGHT"].flatMap({ Int($0) }),
            let depth = fields["DEPTH"].flatMap({ Int($0) }), depth == 3 || depth == 4
        else {
            throw ReadError(description: "\(url.lastPathComponent): unsupported header \(fields)")
        }
        let body = [UInt8](data[end.upperBound...])
        guard body.count == width * height * depth else {
            throw ReadError(description: "\(url.lastPathComponent): \(body.count) bytes for \(width)x\(height)x\(depth)")
        }
        if depth == 4 {
            return (try Raster.RGBAImage(width: width, height: height, pixels: body), true)
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for pixel in 0..<(width * height) {
            pixels.append(contentsOf: body[(pixel * 3)..<(pixel * 3 + 3)])
            pixels.append(255)
        }
        return (try Raster.RGBAImage(width: width, height: height, pixels: pixels), false)
    }
}
