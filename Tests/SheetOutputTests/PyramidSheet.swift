import Foundation
import Geometry
import ImageFormats
import ImageInput
import Raster
import SheetOutput
import Testing

/// A sheet made by hand for pyramid tests: every pixel a different mix of its column and row
/// in every channel, so an off-by-one in halving or in a pyramid tile's place shows; fed to
/// a sink in bands of `bandRows`, each band made only when it is written.
struct PyramidSheet {
    let width: Int
    let height: Int
    var channels: ChannelLayout = .rgb
    var bandRows = 64
    /// Whether the pixels are the smooth gradients of a photograph rather than the mix that
    /// makes every pixel differ: what a lossy pyramid tile is measured on.
    var smooth = false

    /// The sample of channel `channel` at (`x`, `y`).
    func sample(x: Int, y: Int, channel: Int) -> UInt8 {
        guard smooth else { return UInt8(truncatingIfNeeded: (x &* 37) ^ (y &* 11) &+ channel &* 85 &+ (x &* y) >> 3) }
        return UInt8((x * (3 - channel) + y * (channel + 1)) * 255 / ((width + height) * 4))
    }

    /// Rows `rows`, in `channels`.
    func pixels(rows: Range<Int>) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * rows.count * channels.channelCount)
        for y in rows {
            for x in 0..<width {
                for channel in 0..<channels.channelCount { pixels.append(sample(x: x, y: y, channel: channel)) }
            }
        }
        return pixels
    }

    /// The whole sheet, for comparing with what the pyramid holds.
    var image: PyramidImage { PyramidImage(width: width, height: height, channels: channels.channelCount, pixels: pixels(rows: 0..<height)) }

    /// Begins `sink` and writes the first `bandCount` bands (all of them when nil).
    func feed(_ sink: some SheetSink, bands bandCount: Int? = nil) throws {
        try sink.begin(SheetHeader(width: width, height: height, channels: channels))
        for (index, top) in stride(from: 0, to: height, by: bandRows).enumerated() {
            if let bandCount, index >= bandCount { return }
            let rows = top..<min(top + bandRows, height)
            try sink.write(Band(width: width, rows: rows, format: channels, pixels: pixels(rows: rows), background: .white))
        }
    }
}

/// Pixels of one channel layout, row by row: a sheet or a pyramid level, put together in a test.
struct PyramidImage: Equatable {
    let width: Int
    let height: Int
    let channels: Int
    var pixels: [UInt8]

    /// The level below, computed here without the sink's code: each pixel the rounded mean
    /// `(a + b + c + d + 2) / 4` of its 2×2 box, a column or row past the edge read as the
    /// edge's own.
    func halved() -> PyramidImage {
        let half = (width: (width + 1) / 2, height: (height + 1) / 2)
        var result = [UInt8](repeating: 0, count: half.width * half.height * channels)
        for y in 0..<half.height {
            for x in 0..<half.width {
                for channel in 0..<channels {
                    var sum = 0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        sum += Int(sample(x: min(2 * x + dx, width - 1), y: min(2 * y + dy, height - 1), channel: channel))
                    }
                    result[(y * half.width + x) * channels + channel] = UInt8((sum + 2) / 4)
                }
            }
        }
        return PyramidImage(width: half.width, height: half.height, channels: channels, pixels: result)
    }

    func sample(x: Int, y: Int, channel: Int) -> UInt8 {
        pixels[(y * width + x) * channels + channel]
    }
}

/// A written pyramid, read back: its levels' folders and pyramid tiles.
struct WrittenPyramid {
    let filesFolder: String
    let fileExtension: String

    /// The level numbers that have a folder, lowest first.
    func levels() throws -> [Int] {
        try FileManager.default.contentsOfDirectory(atPath: filesFolder).compactMap { Int($0) }.sorted()
    }

    /// The names of a level's pyramid tiles, sorted.
    func tileNames(level: Int) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: filesFolder + "/\(level)").sorted()
    }

    /// The size of pyramid tile (`column`, `row`) of `level`, from its header.
    func size(level: Int, column: Int, row: Int) throws -> (width: Int, height: Int) {
        let info = try ImageRegistry.pinboard.probe(path: path(level: level, column: column, row: row), limits: .default)
        return (info.width, info.height)
    }

    func path(level: Int, column: Int, row: Int) -> String {
        filesFolder + "/\(level)/\(column)_\(row).\(fileExtension)"
    }

    /// A level put back together from its pyramid tiles of `settings`, each written where
    /// its span starts; a pixel two overlapping tiles disagree on fails the test, unless
    /// the tiles are lossy (`lossy`), whose overlaps are each tile's own rounding.
    func assemble(
        level: Int, width: Int, height: Int, channels: Int, settings: DeepZoomSettings, lossy: Bool = false
    ) throws -> PyramidImage {
        var image = PyramidImage(width: width, height: height, channels: channels,
                                 pixels: [UInt8](repeating: 0, count: width * height * channels))
        var seen = [Bool](repeating: false, count: width * height)
        for row in 0..<settings.tileCount(length: height) {
            for column in 0..<settings.tileCount(length: width) {
                let tile = try TestSheet.decode(path(level: level, column: column, row: row))
                let xs = settings.span(of: column, length: width), ys = settings.span(of: row, length: height)
                try #require(tile.width == xs.count && tile.height == ys.count)
                for (ty, y) in ys.enumerated() {
                    for (tx, x) in xs.enumerated() {
                        let source = (ty * tile.width + tx) * 4, target = (y * width + x) * channels
                        let samples = Array(tile.pixels[source..<(source + channels)])
                        if seen[y * width + x], !lossy {
                            #expect(Array(image.pixels[target..<(target + channels)]) == samples,
                                    "level \(level) overlap at (\(x), \(y)) differs in tile \(column)_\(row)")
                        }
                        image.pixels.replaceSubrange(target..<(target + channels), with: samples)
                        seen[y * width + x] = true
                    }
                }
            }
        }
        #expect(seen.allSatisfy { $0 }, "level \(level) has pixels no pyramid tile covers")
        return image
    }
}
