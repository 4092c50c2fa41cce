import CDigest
import Foundation
import Geometry
import PNGCodec
import Raster

/// Each stage of a sheet on its own, on one thread, over the images of a folder as a
/// thumbnail sheet uses them: read and hashed (SHA-256), decoded, resampled to a column's
/// width, composited onto an opaque band, then the bands filtered and deflated at levels 1
/// and 6. One line a stage, `stage NAME seconds=S pixels=P bytes=B` (pixels made, bytes
/// read or written; the resample's line also has the source pixels read), so scripts/bench can
/// give each stage's speed per core and the limit they set together for the whole sheet.
///
/// Times are the thread's CPU time, not wall: a stage's own cost, whatever else the machine
/// runs. `columnWidth` is the tile width (W2's 244 px; scripts/bench reads it from the manifest).
func stageSpeeds(_ inputs: [String], columnWidth: Int) throws {
    var fileBytes = 0
    let hashing = try threadSeconds {
        for path in inputs { fileBytes += try digestFile(path, portable: false) }
    }
    print("stage hash seconds=\(hashing) pixels=0 bytes=\(fileBytes)")

    var sourcePixels = 0
    let decoding = try threadSeconds {
        for path in inputs { sourcePixels += try streamDecode(path, bandRows: 16) }
    }
    print("stage decode seconds=\(decoding) pixels=\(sourcePixels) bytes=\(fileBytes)")

    let images = try inputs.map { path in
        let decoded = try PNGDecoder.decode(path: path)
        return try Raster.RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
    }
    // The tiles' memory is made (and its pages touched) before the clock starts: the sheet's
    // pipeline reuses its tiles, and W2's 1 GB of fresh tiles cost more in the kernel's
    // zeroing of pages than in resampling.
    var tiles = try images.map { image in
        try TilePixels(width: columnWidth, height: max(1, (image.height * columnWidth + image.width / 2) / image.width))
    }
    let resampling = try threadSeconds {
        for index in images.indices {
            try Resampler.resample(images[index], into: &tiles[index], filter: .lanczos3)
        }
    }
    let tilePixels = tiles.reduce(0) { $0 + $1.width * $1.height }
    print("stage resample seconds=\(resampling) pixels=\(tilePixels) bytes=0 source_pixels=\(sourcePixels)")

    var bands: [Band] = []
    let compositing = try threadSeconds {
        bands = try tiles.map { tile in
            var band = try Band(width: tile.width, rows: 0..<tile.height, background: .white)
            band.composite(tile, at: Rect(x: 0, y: 0, width: tile.width, height: tile.height))
            return band
        }
    }
    print("stage composite seconds=\(compositing) pixels=\(tilePixels) bytes=\(tilePixels * 3)")

    let scratch = NSTemporaryDirectory() + "/pinboard-bench-stages-\(getpid()).png"
    defer { unlink(scratch) }
    for level in [1, 6] {
        let height = bands.reduce(0) { $0 + $1.rows.count }
        let encoding = try threadSeconds {
            let writer = try PNGWriter(to: .path(scratch), width: columnWidth, height: height, channels: .rgb, compression: level, threads: 1)
            for band in bands {
                try band.withUnsafeBytes { bytes in try writer.write(rows: bytes, stride: columnWidth * 3, count: band.rows.count) }
            }
            try writer.finish()
        }
        print("stage filter-deflate-\(level) seconds=\(encoding) pixels=\(tilePixels) bytes=\(tilePixels * 3)")
    }
}

/// The CPU time the calling thread spends in `body`.
func threadSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}
