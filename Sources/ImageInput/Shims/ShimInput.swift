#if canImport(Glibc)
import Glibc
#endif

/// What a C reader reads from, held as long as the reader: a file descriptor handed to it
/// (closed here), or a copy of bytes in memory (freed here).
///
/// A row reader keeps one beside its C reader and destroys the reader in its `deinit`;
/// this, a stored property, is released after that, so the reader never outlives its
/// input. Set up before the reader exists, it also cleans up when setting up throws.
package final class ShimInput {
    /// The descriptor, or -1 for memory.
    package let fileDescriptor: Int32
    /// The copy a memory reader reads, or nil for a descriptor.
    package let memory: UnsafeMutableRawBufferPointer?

    /// Owns `fileDescriptor` from now on.
    package init(owning fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        memory = nil
    }

    /// A copy of `bytes` that stays put until the reader is gone.
    package init(copying bytes: some Collection<UInt8>) {
        fileDescriptor = -1
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        _ = memory.initializeMemory(as: UInt8.self, from: bytes)
        self.memory = memory
    }

    /// Opens the file at `path` and runs `body` with it (a probe, the C reader's creation);
    /// the descriptor is closed if `body` throws.
    package static func open<T>(path: String, _ body: (FileBytes) throws(ImageError) -> T) throws(ImageError) -> (ShimInput, T) {
        let file = try FileBytes.open(path: path)
        let input = ShimInput(owning: file.fileDescriptor)
        return (input, try body(file))
    }

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
        memory?.deallocate()
    }

    /// A C reader just created, or the error its NULL means: memory ran out.
    package static func reader(_ created: OpaquePointer?, path: String) throws(ImageError) -> OpaquePointer {
        guard let created else { throw ImageError(path: path, reason: .outOfMemory) }
        return created
    }
}
