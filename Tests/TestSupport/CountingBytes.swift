import ImageInput

/// A `ByteSource` that counts what is read from it, to show what a probe touches.
public final class CountingBytes: ByteSource {
    public let bytes: MemoryBytes
    public private(set) var bytesRead = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = MemoryBytes(bytes)
    }

    public func read(at offset: Int, count: Int) -> [UInt8] {
        let result = bytes.read(at: offset, count: count)
        bytesRead += result.count
        return result
    }
}
