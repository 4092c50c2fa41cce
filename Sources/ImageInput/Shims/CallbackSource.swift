#if canImport(Glibc)
import Glibc
#endif

/// How a handle over a C library that reads through callbacks (libtiff, libheif) starts:
/// the data's signature checked before the library sees it, the bytes lent as
/// `CallbackBytes`, and the file descriptor, if any, owned from the first line, so it is
/// closed whether the handle's set-up throws or the handle goes.
package struct CallbackSource {
    package let bytes: CallbackBytes
    private let input: ShimInput?

    /// - Parameters:
    ///   - path: names the data in errors.
    ///   - fileDescriptor: the descriptor `source` reads, owned from now on; nil for memory.
    ///   - checkSignature: refuses data that is empty or not the format's, in words of its own.
    package init<Source: ByteSource>(
        _ source: Source, path: String, owning fileDescriptor: Int32?,
        checkSignature: (Source) throws(ImageError.Reason) -> Void
    ) throws(ImageError) {
        input = fileDescriptor.map(ShimInput.init(owning:))
        try ImageError.naming(path) { () throws(ImageError.Reason) in try checkSignature(source) }
        bytes = CallbackBytes(source)
    }

    /// The context the C callbacks are given: the unretained `bytes`.
    package var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(bytes).toOpaque() }

    /// What an I/O status from the shim means: the byte source's failure.
    package var readFailure: ImageError.Reason { bytes.failure ?? .readFailed(errno: EIO) }
}
