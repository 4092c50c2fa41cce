import Foundation

/// Bytes written whole to an open descriptor: the one loop over short writes and
/// interrupts that text files and whole-file encoders (WebP, AVIF) share.
package enum DescriptorOutput {
    /// Writes all of `bytes` to `fd`, resuming after short writes and `EINTR`; `name` is
    /// what errors report.
    ///
    /// - Throws: `WriteError.Reason.system` with the `errno` of the write that failed.
    package static func write(_ bytes: [UInt8], toFileDescriptor fd: Int32, name: String) throws(WriteError) {
        // `withUnsafeBytes` only rethrows untyped errors, so the write's error rides out in a Result.
        try bytes.withUnsafeBytes { raw in
            Result { () throws(WriteError) in try write(raw, toFileDescriptor: fd, name: name) }
        }.get()
    }

    /// The loop itself, over bytes in place: the copy below hands it its buffer unsliced.
    private static func write(_ bytes: UnsafeRawBufferPointer, toFileDescriptor fd: Int32, name: String) throws(WriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: name, reason: .system(errno: errno))
            }
            offset += written
        }
    }

    /// Copies everything in the file `source` holds, from its start, to `fd`, a megabyte at
    /// a time: how a format written with seeks reaches a pipe through a spool file.
    ///
    /// - Throws: `WriteError.Reason.system` with the `errno` of the read or write that failed.
    package static func copy(fileDescriptor source: Int32, toFileDescriptor fd: Int32, name: String) throws(WriteError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: name, reason: .system(errno: errno))
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes { raw in
                Result { () throws(WriteError) in
                    try write(UnsafeRawBufferPointer(rebasing: raw[0..<count]), toFileDescriptor: fd, name: name)
                }
            }.get()
            offset += off_t(count)
        }
    }
}
