/// Where a header probe or chunk walker reads from: bytes by offset, so it can jump over
/// what it does not need without reading it, and tests can hand it bytes without a file.
public protocol ByteSource {
    /// Up to `count` bytes starting at `offset`; fewer only where the data ends.
    func read(at offset: Int, count: Int) throws(ImageError.Reason) -> [UInt8]
}
