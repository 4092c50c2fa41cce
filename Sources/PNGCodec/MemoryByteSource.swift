/// PNG bytes the caller holds for the duration of one read; copies only what is asked for.
struct MemoryByteSource: PNGByteSource {
    let bytes: UnsafeRawBufferPointer

    func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
}
