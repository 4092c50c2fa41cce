/// Where the text reader reads from: bytes by offset, so it can jump over the
/// image data without reading it, and tests can hand it bytes without a file.
protocol PNGByteSource {
    /// Up to `count` bytes starting at `offset`; fewer only where the data ends.
    func read(at offset: Int, count: Int) throws(CodecError.Reason) -> [UInt8]
}
