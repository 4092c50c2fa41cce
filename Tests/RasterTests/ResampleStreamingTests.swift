import Raster
import TestSupport
import Testing

/// Pushing a source a row at a time, in uneven chunks or whole must give the same bits,
/// and a destination row must come out as soon as the rows under its kernel are in.
@Suite("Streaming resample")
struct ResampleStreamingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, seed: UInt64
        var testDescription: String { "\(sourceWidth)x\(sourceHeight) to \(width)x\(height), seed \(seed)" }
    }

    static let cases: [Case] = [
        (40, 30, 13, 9), (40, 30, 80, 61), (17, 200, 5, 23), (200, 17, 201, 4), (64, 64, 64, 64),
        (9, 9, 1, 1), (1, 50, 3, 7), (123, 87, 40, 130),
    ].enumerated().map { index, size in
        Case(sourceWidth: size.0, sourceHeight: size.1, width: size.2, height: size.3, seed: UInt64(index + 100))
    }

    /// Pushes `image` in chunks of the given row counts (repeating the list) and collects
    /// the emitted rows' values, checking they come in order.
    static func streamed(_ image: RGBAImage, width: Int, height: Int, filter: ResampleFilter, chunks: [Int]) throws
        -> [UInt16]
    {
        var resampler = try Resampler(
            sourceWidth: image.width, sourceHeight: image.height,
            destinationWidth: width, destinationHeight: height, filter: filter)
        var values: [UInt16] = []
        let rowBytes = image.width * 4
        var row = 0
        var chunk = 0
        var expectedRow = 0
        while row < image.height {
            let count = min(chunks[chunk % chunks.count], image.height - row)
            try image.pixels[(row * rowBytes)..<((row + count) * rowBytes)].withUnsafeBytes { bytes in
                try resampler.push(bytes) { y, finished in
                    #expect(y == expectedRow)
                    #expect(finished.count == width * 4)
                    expectedRow += 1
                    values.append(contentsOf: finished)
                }
            }
            row += count
            chunk += 1
        }
        #expect(expectedRow == height)
        #expect(resampler.isComplete)
        return values
    }

    /// Every premultiplied value of `tile`, row by row.
    static func values(of tile: TilePixels) -> [UInt16] {
        var values: [UInt16] = []
        for y in 0..<tile.height {
            for x in 0..<tile.width {
                let pixel = tile.premultiplied(x: x, y: y)
                values.append(contentsOf: [pixel[0], pixel[1], pixel[2], pixel[3]])
            }
        }
        return values
    }

    @Test("row by row, in chunks and whole give identical tiles", arguments: ResampleFilter.allCases, cases)
    func identical(filter: ResampleFilter, testCase: Case) throws {
        let image = try TestImages.random(width: testCase.sourceWidth, height: testCase.sourceHeight, seed: testCase.seed)
        let whole = try Resampler.resample(image, width: testCase.width, height: testCase.height, filter: filter)
        let rowByRow = try Self.streamed(image, width: testCase.width, height: testCase.height, filter: filter, chunks: [1])
        let uneven = try Self.streamed(
            image, width: testCase.width, height: testCase.height, filter: filter, chunks: [3, 1, 7, 2])
        #expect(rowByRow == Self.values(of: whole))
        #expect(uneven == Self.values(of: whole))
    }

    @Test("a destination row is finished as soon as its last source row arrives")
    func finishesEarly() throws {
        // A box reducing 100 rows to 10 reads rows 10·y ..< 10·y + 10 for row y.
        var resampler = try Resampler(
            sourceWidth: 4, sourceHeight: 100, destinationWidth: 2, destinationHeight: 10, filter: .box)
        var tile = try TilePixels(width: 2, height: 10)
        let row = [UInt8](repeating: 200, count: 16)
        for pushed in 1...100 {
            let finished = try row.withUnsafeBytes { try resampler.push($0, into: &tile) }
            #expect(finished == (pushed % 10 == 0 ? (pushed / 10 - 1)..<(pushed / 10) : (pushed / 10)..<(pushed / 10)))
        }
        #expect(resampler.rowsPushed == 100 && resampler.rowsFinished == 10)
    }

    @Test("working memory follows the destination width and the kernel, not the source height")
    func memoryBound() throws {
        let short = try Resampler(
            sourceWidth: 6000, sourceHeight: 4000, destinationWidth: 500, destinationHeight: 333, filter: .lanczos3)
        let tall = try Resampler(
            sourceWidth: 6000, sourceHeight: 400_000, destinationWidth: 500, destinationHeight: 33_300, filter: .lanczos3)
        // Both reduce rows by about 12, so both kernels span 73 rows (and both rings 76);
        // only the weight tables (one entry per destination row) differ.
        let tableDifference = (33_300 - 333) * (73 * 4 + 2 * MemoryLayout<Int>.stride)
        #expect(tall.workingMemoryByteCount - short.workingMemoryByteCount <= tableDifference)
        // The ring's 76 rows of 500 pixels at 16 bytes (608 KB), four source rows
        // premultiplied at 16 bytes a pixel (384 KB), the tables and a finished row.
        #expect(short.workingMemoryByteCount < 1_300_000)
    }

    @Test("rows past the source's height, and partial rows, are refused")
    func refusals() throws {
        var resampler = try Resampler(
            sourceWidth: 3, sourceHeight: 2, destinationWidth: 2, destinationHeight: 2, filter: .bilinear)
        var tile = try TilePixels(width: 2, height: 2)
        let partial = [UInt8](repeating: 0, count: 11)
        #expect(throws: RasterError.partialRow(byteCount: 11, rowByteCount: 12)) {
            try partial.withUnsafeBytes { try resampler.push($0, into: &tile) }
        }
        let three = [UInt8](repeating: 0, count: 36)
        #expect(throws: RasterError.tooManyRows(pushed: 3, sourceHeight: 2)) {
            try three.withUnsafeBytes { try resampler.push($0, into: &tile) }
        }
        var wrongTile = try TilePixels(width: 3, height: 2)
        #expect(throws: RasterError.tileSizeMismatch(tileWidth: 3, tileHeight: 2, destinationWidth: 2, destinationHeight: 2)) {
            try three.prefix(24).withUnsafeBytes { try resampler.push($0, into: &wrongTile) }
        }
        #expect(resampler.rowsPushed == 0)
        #expect(throws: RasterError.invalidSize(width: 0, height: 5)) {
            try Resampler(sourceWidth: 4, sourceHeight: 4, destinationWidth: 0, destinationHeight: 5, filter: .box)
        }
    }

    @Test("the same source gives the same bits on any thread")
    func deterministicAcrossThreads() async throws {
        let image = try TestImages.random(width: 211, height: 157, seed: 42)
        let reference = try Resampler.resample(image, width: 67, height: 49, filter: .lanczos3)
        let tiles = try await withThrowingTaskGroup(of: TilePixels.self) { group in
            for _ in 0..<8 {
                group.addTask { try Resampler.resample(image, width: 67, height: 49, filter: .lanczos3) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tiles.count == 8)
        #expect(tiles.allSatisfy { $0 == reference })
    }
}
