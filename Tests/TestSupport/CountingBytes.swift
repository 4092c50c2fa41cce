import ImageInput

/// A `ByteSource` that counts what is read from it, to show what a probe touches.
package final class CountingBytes: ByteSource {
    package let bytes: MemoryBytes
    package private(set) var bytesRead = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = MemoryBytes(bytes)
    }

    package func read(at offset: Int, count: Int) -> [UInt8] {
        let result = bytes.read(at: offset, count: count)
        bytesRead += result.count
        return result
    }
}
