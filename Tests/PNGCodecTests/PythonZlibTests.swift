import Foundation
import Geometry
@testable import PNGCodec
import TestSupport
import Testing

/// Python's zlib module, a reader outside this process, inflates the joined stream of
/// every level and checks its Adler-32: the segments the run-length coder writes at
/// level 1, ISA-L at 2-3 and zlib at the others must make one valid zlib stream
/// whoever reads it.
@Suite("Python's zlib reads every level")
struct PythonZlibTests {
    static let pythonAvailable: Bool = (try? PNGTextTests.python(["-c", "import zlib"]))?.status == 0

    @Test("The image data inflates in Python to the rows zlib inflates here", .enabled(if: pythonAvailable, "needs python3"),
          arguments: 0...9)
    func inflatesInPython(level: Int) throws {
        let folder = try TemporaryFolder()
        let (width, height) = (700, 900)
        let path = folder.path + "/level.png"
        try RoundTripTests.encode(ParallelEncodeTests.everyLevelPixels(level: level), width: width, height: height,
                                  channels: .rgba, compression: level, threads: 3, to: path)
        let stream = folder.path + "/stream.zlib"
        try Data(try PNGChunks(path: path).imageData).write(to: URL(fileURLWithPath: stream))
        let script = "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read()))"
        let (status, output) = try PNGTextTests.python(["-c", script, stream])
        #expect(status == 0, "zlib.decompress accepts the stream and its Adler-32")
        let rows = try ParallelEncodeTests.filteredRows(path, width: width, height: height, channels: .rgba)
        #expect([UInt8](output) == rows)
    }
}
