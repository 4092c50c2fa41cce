import Foundation
import Geometry
@testable import PNGCodec
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
import ImageInput
#endif

@Suite("Encode round trip")
struct RoundTripTests {
    /// Deterministic pixels with edges and noise, so every row filter gets used.
    static func pixels(width: Int, height: Int, channels: Int, seed: UInt32) -> [UInt8] {
        var state = seed | 1
        return (0..<width * height * channels).map { index in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let pixel = index / channels
            let noise = Int(state & 0xFF)
            let gradient: Int = (pixel % width) * 3 + (pixel / width) * 5
            let sample: Int = index % channels == 3 ? noise : gradient ^ (noise & 0x0F)
            return UInt8(truncatingIfNeeded: sample)
        }
    }

    /// Writes `pixels` to `path` in bands of `bandRows` rows, as the compositor does.
    static func encode(
        _ pixels: [UInt8], width: Int, height: Int, channels: ChannelLayout,
        compression: Int = 6, threads: Int = 1, bandRows: Int = 64, to path: String
    ) throws {
        let writer = try PNGWriter(
            to: .path(path), width: width, height: height, channels: channels, compression: compression, threads: threads
        )
        let stride = width * channels.rawValue
        try pixels.withUnsafeBytes { all in
            var row = 0
            while row < height {
                let count = min(bandRows, height - row)
                try writer.write(rows: UnsafeRawBufferPointer(rebasing: all[(row * stride)...]), stride: stride, count: count)
                row += count
            }
        }
        try writer.finish()
    }

    /// What the decoder returns for these rows: RGB gains an opaque alpha.
    static func expectedRGBA(_ pixels: [UInt8], channels: ChannelLayout) -> [UInt8] {
        channels == .rgb ? RGBA.opaque(fromRGB: pixels) : pixels
    }

    @Test("Written PNGs decode to the same pixels", arguments: [
        (1, 1), (2, 3), (7, 1), (1, 9), (33, 17), (1000, 2), (3, 700),
    ], [ChannelLayout.rgb, .rgba])
    func roundTrip(size: (Int, Int), channels: ChannelLayout) throws {
        let (width, height) = size
        let folder = try TemporaryFolder()
        let path = folder.path + "/out.png"
        let pixels = Self.pixels(width: width, height: height, channels: channels.rawValue, seed: UInt32(width * 31 + height))
        try Self.encode(pixels, width: width, height: height, channels: channels, compression: 6, bandRows: 5, to: path)
        let decoded = try PNGDecoder.decode(path: path)
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.pixels == Self.expectedRGBA(pixels, channels: channels))
    }

    @Test("Every compression level round-trips, and higher levels are not larger than level 0", arguments: 0...9)
    func compressionLevels(level: Int) throws {
        let folder = try TemporaryFolder()
        let pixels = Self.pixels(width: 64, height: 64, channels: 4, seed: 7)
        let path = folder.path + "/level.png"
        let storedPath = folder.path + "/stored.png"
        try Self.encode(pixels, width: 64, height: 64, channels: .rgba, compression: level, bandRows: 64, to: path)
        try Self.encode(pixels, width: 64, height: 64, channels: .rgba, compression: 0, bandRows: 64, to: storedPath)
        #expect(try PNGDecoder.decode(path: path).pixels == pixels)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let storedSize = try FileManager.default.attributesOfItem(atPath: storedPath)[.size] as? Int ?? 0
        #expect(size > 0 && size <= storedSize)
    }

    @Test("The same rows give the same bytes")
    func deterministic() throws {
        let folder = try TemporaryFolder()
        let pixels = Self.pixels(width: 50, height: 40, channels: 3, seed: 3)
        let a = folder.path + "/a.png"
        let b = folder.path + "/b.png"
        try Self.encode(pixels, width: 50, height: 40, channels: .rgb, compression: 6, bandRows: 1, to: a)
        try Self.encode(pixels, width: 50, height: 40, channels: .rgb, compression: 6, bandRows: 40, to: b)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }

    @Test("An unwritable path is an error naming it")
    func unwritablePath() {
        let path = "/no/such/folder/out.png"
        #expect(throws: ImageError(path: path, reason: .cannotOpen(errno: ENOENT))) {
            try PNGWriter(to: .path(path), width: 1, height: 1, channels: .rgb)
        }
    }

    @Test("A full disk is an error naming the destination")
    func fullDisk() throws {
        let devices = try TemporaryFolder()
        let fd = try #require(DeviceNode.openFull(in: devices), "no device node can be made here")
        defer { close(fd) }
        let error = #expect(throws: ImageError.self) {
            let pixels = Self.pixels(width: 512, height: 512, channels: 3, seed: 11)
            let writer = try PNGWriter(to: .fileDescriptor(fd, name: "full-disk"), width: 512, height: 512, channels: .rgb, compression: 0)
            try pixels.withUnsafeBytes { try writer.write(rows: $0, stride: 512 * 3, count: 512) }
            try writer.finish()
        }
        #expect(error == ImageError(path: "full-disk", reason: .writeFailed(errno: ENOSPC)))
    }

    @Test("A closed pipe is an error, not a SIGPIPE")
    func closedPipe() throws {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let error = #expect(throws: ImageError.self) {
            let writer = try PNGWriter(to: .fileDescriptor(ends[1], name: "<stdout>"), width: 4, height: 4, channels: .rgba)
            let pixels = [UInt8](repeating: 9, count: 64)
            try pixels.withUnsafeBytes { try writer.write(rows: $0, stride: 16, count: 4) }
            try writer.finish()
        }
        #expect(error == ImageError(path: "<stdout>", reason: .writeFailed(errno: EPIPE)))
    }
}
