import Foundation
import Geometry
import ImageFormats
import ImageInput
import Layout
import PinboardIO
import Raster
import SheetManifest
import SheetOutput

/// A small sheet built by hand, the bands a compositor would hand a sink, and the ways
/// the tests write it through a sink and read it back.
struct SampleSheet {
    let width: Int
    let height: Int
    let channels: ChannelLayout
    /// `height` rows of `width` pixels in `channels`, no padding.
    let pixels: [UInt8]

    /// Smooth gradients in each channel, and for RGBA an alpha ramp from 0 at the left
    /// to 255 at the right: what a photo's sky and a translucent background look like.
    static func gradient(width: Int = 300, height: Int = 200, channels: ChannelLayout) -> SampleSheet {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * channels.channelCount)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8((x + y) * 255 / (width + height - 2))]
                if channels == .rgba { pixels.append(UInt8(x * 255 / (width - 1))) }
            }
        }
        return SampleSheet(width: width, height: height, channels: channels, pixels: pixels)
    }

    /// Red and blue columns, two pixels each, over a grey ramp: colour detail that
    /// chroma subsampling blurs and 4:4:4 keeps.
    static func chromaStripes(width: Int = 300, height: Int = 200) -> SampleSheet {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let grey = UInt8(y * 200 / (height - 1))
                pixels += (x / 2).isMultiple(of: 2) ? [255, grey, 0] : [0, grey, 255]
            }
        }
        return SampleSheet(width: width, height: height, channels: .rgb, pixels: pixels)
    }

    var header: SheetHeader { SheetHeader(width: width, height: height, channels: channels) }

    /// The sheet cut into bands of `rows` rows, the last one shorter.
    func bands(of rows: Int = 64) throws -> [Band] {
        let rowBytes = width * channels.channelCount
        return try stride(from: 0, to: height, by: rows).map { top in
            let range = top..<min(height, top + rows)
            return try Band(
                width: width, rows: range, format: channels,
                pixels: Array(pixels[range.lowerBound * rowBytes..<range.upperBound * rowBytes]), background: .white)
        }
    }

    /// The sheet as RGB composited over white, as the JPEG sink must store an RGBA one.
    var overWhite: [UInt8] {
        guard channels == .rgba else { return pixels }
        return stride(from: 0, to: pixels.count, by: 4).flatMap { index in
            let alpha = Int(pixels[index + 3])
            return (0..<3).map { UInt8((Int(pixels[index + $0]) * alpha + 255 * (255 - alpha) + 127) / 255) }
        }
    }

    /// Writes the sheet through the sink `settings` choose into a new file at `path`.
    func write(to path: String, settings: EncodeSettings, manifest: Manifest? = nil) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: .system(errno: errno)) }
        defer { close(fd) }
        try write(toFileDescriptor: fd, name: path, settings: settings, manifest: manifest)
    }

    func write(toFileDescriptor fd: Int32, name: String, settings: EncodeSettings, manifest: Manifest? = nil) throws {
        let sink = SheetEncoder.sink(for: settings, fileDescriptor: fd, name: name)
        try sink.begin(header)
        for band in try bands() { try sink.write(band) }
        try sink.finish(manifest: manifest)
    }

    /// The file at `path` decoded by pinboard's own readers, as RGB.
    static func decodeRGB(path: String) throws -> [UInt8] {
        let info = try ImageRegistry.pinboard.probe(path: path, limits: .default)
        let image = try ImageRegistry.pinboard.openRows(path: path, info: info, limits: .default).readImage()
        return stride(from: 0, to: image.pixels.count, by: 4).flatMap { image.pixels[$0..<$0 + 3] }
    }

    /// Peak signal-to-noise ratio of `decoded` against `reference`, in dB: 10·log10(255² / MSE).
    /// A manifest with a few items; `nameLength` makes their names long enough to need
    /// several JPEG segments.
    static func manifest(width: Int = 300, height: Int = 200, nameLength: Int = 8) -> Manifest {
        let items = (0..<3).map { index in
            Manifest.Item(
                source: "photos/" + String(repeating: Character(UnicodeScalar(UInt8(97 + index))), count: nameLength) + ".jpg",
                rect: Rect(x: index * 100, y: 0, width: 100, height: 80), lane: index, sourceSize: Size(width: 1000, height: 800))
        }
        return Manifest(width: width, height: height, direction: .vertical, lanes: 3, padding: 0,
                        margin: 0, background: .white, items: items, skipped: [])
    }

    static func bytes(of path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
