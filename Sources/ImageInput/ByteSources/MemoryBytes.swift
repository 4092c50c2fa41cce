/// Bytes already in memory as a `ByteSource`, so in-memory decodes and tests share the
/// file path's parsers; copies only what is asked for.
public struct MemoryBytes: ByteSource, Sendable {
    package let bytes: [UInt8]

    public init(_ bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    public func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
}
