import JPEGCodec
import PNGCodec

/// A decoder that hands out 8-bit RGBA rows top to bottom: what the tile resampler streams from.
protocol RowSource {
    var rowWidth: Int { get }
    var rowCount: Int { get }
    var rowsRead: Int { get }
    func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws
    func finish() throws
}

extension PNGRowReader: RowSource {
    var rowWidth: Int { header.width }
    var rowCount: Int { header.height }
}

extension JPEGRowReader: RowSource {
    var rowWidth: Int { outputWidth }
    var rowCount: Int { outputHeight }
}
