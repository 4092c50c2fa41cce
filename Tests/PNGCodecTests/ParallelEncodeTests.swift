import Foundation
import Geometry
@testable import PNGCodec
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
import ImageInput
#endif

/// The segmented, multi-threaded encoder: the same bytes for any thread count,
/// valid zlib around the cuts, and errors that neither crash nor hang.
@Suite("Parallel encode")
struct ParallelEncodeTests {
    /// 1500x2000 RGB of noise on a gradient: 9 MB of filtered rows, so nine segments.
    static let large = (width: 1500, height: 2000, pixels: noise(width: 1500, height: 2000, channels: 3, seed: 41))

    /// Like `RoundTripTests.pixels`, written over a raw buffer because a debug build
    /// takes half a minute to map nine million closures.
    static func noise(width: Int, height: Int, channels: Int, seed: UInt32) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * channels) { buffer, count in
            var state = seed | 1
            var index = 0
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<channels {
                        state ^= state << 13
                        state ^= state >> 17
                        state ^= state << 5
                        let gradient = UInt32(truncatingIfNeeded: x &* 3 &+ y &* 5 &+ channel &* 50)
                        buffer[index] = UInt8(truncatingIfNeeded: gradient ^ (state & 0x0F))
                        index += 1
                    }
                }
            }
            count = index
        }
    }

    /// The filtered rows, inflated by zlib itself (which checks the Adler-32).
    static func filteredRows(_ path: String, width: Int, height: Int, channels: ChannelLayout) throws -> [UInt8] {
        let png = try PNGChunks(path: path)
        #expect(png.types.first == "IHDR" && png.types.last == "IEND")
        let count = height * (width * channels.rawValue + 1)
        return try #require(Zlib.inflate(png.imageData, count: count), "zlib stream with a matching Adler-32")
    }

    static func filterTypes(_ rows: [UInt8], width: Int, channels: ChannelLayout) -> Set<UInt8> {
        Set(stride(from: 0, to: rows.count, by: width * channels.rawValue + 1).map { rows[$0] })
    }

    @Test("Threads 1, 2, 3 and 8 write the same bytes, run after run, whatever the band size")
    func sameBytesForAnyThreadCount() throws {
        let folder = try TemporaryFolder()
        let (width, height, pixels) = Self.large
        var outputs: [String: Data] = [:]
        for (threads, bandRows) in [(1, 64), (2, 64), (3, 1), (8, 313), (8, 2000)] {
            let path = folder.path + "/t\(threads)-b\(bandRows)-\(outputs.count).png"
            try RoundTripTests.encode(pixels, width: width, height: height, channels: .rgb, threads: threads, bandRows: bandRows, to: path)
            outputs[path] = try Fixture.bytes(path)
        }
        #expect(Set(outputs.values).count == 1)
        let path = try #require(outputs.keys.first)
        let png = try PNGChunks(path: path)
        #expect(png.types.filter { $0 == "IDAT" }.count >= 4, "the image spans several segments")
        #expect(try PNGDecoder.decode(path: path).pixels == RoundTripTests.expectedRGBA(pixels, channels: .rgb))
    }

    @Test("Edge and multi-segment sizes round-trip through libpng and zlib", arguments: [
        (1, 1), (1, 600_000), (300_000, 1), (400_000, 3), (700, 1_500), (257, 4_099),
    ], [ChannelLayout.rgb, .rgba])
    func roundTrip(size: (Int, Int), channels: ChannelLayout) throws {
        let (width, height) = size
        let folder = try TemporaryFolder()
        let pixels = Self.noise(width: width, height: height, channels: channels.rawValue, seed: UInt32(width &* 7 &+ height))
        let single = folder.path + "/single.png"
        let parallel = folder.path + "/parallel.png"
        try RoundTripTests.encode(pixels, width: width, height: height, channels: channels, threads: 1, bandRows: 37, to: single)
        try RoundTripTests.encode(pixels, width: width, height: height, channels: channels, threads: 4, bandRows: 64, to: parallel)
        #expect(try Fixture.bytes(single) == Fixture.bytes(parallel))
        let decoded = try PNGDecoder.decode(path: parallel)
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.pixels == RoundTripTests.expectedRGBA(pixels, channels: channels))
        let rows = try Self.filteredRows(parallel, width: width, height: height, channels: channels)
        #expect(Self.filterTypes(rows, width: width, channels: channels).isSubset(of: 0...4))
    }

    /// 700x900 RGBA: 2.5 MB of filtered rows, so three segments.
    static func everyLevelPixels(level: Int) -> [UInt8] {
        noise(width: 700, height: 900, channels: 4, seed: UInt32(level + 1))
    }

    @Test("Every level (the run-length coder's 1, ISA-L's 2-3, zlib's others) round-trips, writes the same bytes for threads 1, 2, 3 and 8, the header names it, and level 0 leaves rows unfiltered",
          arguments: 0...9)
    func everyLevel(level: Int) throws {
        let folder = try TemporaryFolder()
        let (width, height) = (700, 900)
        let pixels = Self.everyLevelPixels(level: level)
        var outputs: Set<Data> = []
        for threads in [1, 2, 3, 8] {
            let path = folder.path + "/t\(threads).png"
            try RoundTripTests.encode(pixels, width: width, height: height, channels: .rgba, compression: level, threads: threads, to: path)
            outputs.insert(try Fixture.bytes(path))
        }
        #expect(outputs.count == 1)
        let parallel = folder.path + "/t8.png"
        #expect(try PNGDecoder.decode(path: parallel).pixels == pixels)

        let stream = try PNGChunks(path: parallel).imageData
        let flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        #expect(stream[0] == 0x78 && Int(stream[1] >> 6) == flevel && (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
        let types = Self.filterTypes(try Self.filteredRows(parallel, width: width, height: height, channels: .rgba), width: width, channels: .rgba)
        if level == 0 {
            #expect(types == [0])
        } else {
            #expect(types.count > 1, "adaptive filtering picks more than one filter on this image")
        }
    }

    @Test("A closed pipe mid-image is an error on every later call, and the writer shuts down", arguments: [1, 4])
    func closedPipe(threads: Int) throws {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let (width, height, pixels) = Self.large
        let stride = width * 3
        let expected = ImageError(path: "<stdout>", reason: .writeFailed(errno: EPIPE))
        let writer = try PNGWriter(to: .fileDescriptor(ends[1], name: "<stdout>"), width: width, height: height, channels: .rgb, threads: threads)
        let error = #expect(throws: ImageError.self) {
            try pixels.withUnsafeBytes { all in
                var row = 0
                while row < height {
                    let count = min(64, height - row)
                    try writer.write(rows: UnsafeRawBufferPointer(rebasing: all[(row * stride)...]), stride: stride, count: count)
                    row += count
                }
            }
        }
        #expect(error == expected)
        #expect(writer.rowsWritten < height, "the failure surfaced while rows were still coming")
        #expect(throws: expected) {
            try pixels.withUnsafeBytes { try writer.write(rows: $0, stride: stride, count: 1) }
        }
        #expect(throws: expected) { try writer.finish() }
    }

    @Test("A full disk is an error naming the destination with any thread count", arguments: [1, 2, 8])
    func fullDisk(threads: Int) throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let (width, height, pixels) = Self.large
        let error = #expect(throws: ImageError.self) {
            let writer = try PNGWriter(to: .fileDescriptor(fd, name: "full-disk"), width: width, height: height, channels: .rgb, threads: threads)
            try pixels.withUnsafeBytes { try writer.write(rows: $0, stride: width * 3, count: height) }
            try writer.finish()
        }
        #expect(error == ImageError(path: "full-disk", reason: .writeFailed(errno: ENOSPC)))
    }

    /// How many of this process's threads carry `name`, waiting up to a second for the count
    /// to fall to `expected`: a joined thread can stay listed for a moment while it exits.
    static func threads(named name: String, settlingAt expected: Int? = nil) -> Int {
        var count = 0
        for _ in 0..<100 {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            count = tasks.filter { task in
                let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
                return comm == name + "\n"
            }.count
            guard let expected, count != expected else { break }
            usleep(10_000)
        }
        return count
    }

    /// Renames the calling thread (what /proc shows as its `comm`) and returns its old name.
    static func renameThisThread(_ name: String) throws -> String {
        let old = try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(write(fd, name, name.utf8.count) == name.utf8.count)
        return String(old.dropLast())
    }

    /// How many of this process's descriptors are open on the file at `path`.
    static func descriptors(on path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }

    @Test("A writer dropped half way stops its threads and closes its file")
    func abandoned() throws {
        let folder = try TemporaryFolder()
        let (width, height, pixels) = Self.large
        // A new thread takes the name of the thread that made it: naming this one tells the
        // writer's workers apart from the threads of the test runner and of other tests.
        let name = "abandoned-test"
        let saved = try Self.renameThisThread(name)
        defer { _ = try? Self.renameThisThread(saved) }
        let baseline = Self.threads(named: name)
        #expect(baseline == 1, "this thread")
        for threads in [2, 8] {
            // As /proc names it: with links resolved.
            let path = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path + "/half-\(threads).png"
            do {
                let writer = try PNGWriter(to: .path(path), width: width, height: height, channels: .rgb, threads: threads)
                try pixels.withUnsafeBytes { try writer.write(rows: $0, stride: width * 3, count: height / 2) }
                withExtendedLifetime(writer) {
                    #expect(Self.threads(named: name) == baseline + threads, "\(threads) workers running")
                    #expect(Self.descriptors(on: path) == 1, "the file is open")
                }
            }
            #expect(Self.threads(named: name, settlingAt: baseline) == baseline, "\(threads) workers gone")
            #expect(Self.descriptors(on: path) == 0, "the file is closed")
        }
    }

    @Test("Calling finish twice is an error naming the file, not a crash")
    func finishTwice() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/twice.png"
        let writer = try PNGWriter(to: .path(path), width: 2, height: 1, channels: .rgb, threads: 2)
        try [UInt8](repeating: 7, count: 6).withUnsafeBytes { try writer.write(rows: $0, stride: 6, count: 1) }
        try writer.finish()
        #expect(throws: ImageError(path: path, reason: .format(PNGFailure.encodeFailed("finish was already called")))) { try writer.finish() }
        #expect(try PNGDecoder.decode(path: path).pixels == [7, 7, 7, 255, 7, 7, 7, 255])
    }

    @Test("The file carries the chunks the old writer wrote: IHDR, sRGB (perceptual), IDAT, IEND")
    func chunkLayout() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/layout.png"
        try RoundTripTests.encode(RoundTripTests.pixels(width: 3, height: 2, channels: 4, seed: 5), width: 3, height: 2, channels: .rgba, threads: 1, to: path)
        let png = try PNGChunks(path: path)
        #expect(png.types == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(png.chunks[0].data == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        #expect(png.chunks[1].data == [0])
    }
}
