#if canImport(Glibc)
import Glibc
#endif

/// An open file, read with `pread` so its offset stays where its owner left it.
struct DescriptorByteSource: PNGByteSource {
    let fileDescriptor: Int32

    func read(at offset: Int, count: Int) throws(CodecError.Reason) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(fileDescriptor, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw code == EISDIR ? .isDirectory : .readFailed(errno: code)
            }
            if got == 0 { break }
            filled += got
        }
        if filled < count { bytes.removeLast(count - filled) }
        return bytes
    }
}
