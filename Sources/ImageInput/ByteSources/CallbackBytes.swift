import CImageStatus

/// A `ByteSource` lent to a C library that reads through callbacks (libtiff, libheif).
///
/// Such libraries seek anywhere (a TIFF's directory often sits after its pixels, a HEIF's
/// image data after its boxes), so a probe cannot hand them a prefix as PNG's and JPEG's
/// do; they read through this instead, and read only what they need. A read failure
/// cannot cross the C callback as a Swift error, so it is kept here and the callback
/// returns -1.
package final class CallbackBytes {
    private let readBytes: (Int, Int) throws(ImageError.Reason) -> [UInt8]
    /// The first read failure, which the caller reports in place of the library's message.
    package private(set) var failure: ImageError.Reason?
    private var knownLength: Int?

    package init(_ source: some ByteSource) {
        readBytes = { offset, count throws(ImageError.Reason) in try source.read(at: offset, count: count) }
    }

    /// The callback the library reads with; `context` is an unretained `CallbackBytes`.
    package static let read: cimage_read_function = { context, offset, buffer, count in
        guard let context, let buffer else { return -1 }
        let source = Unmanaged<CallbackBytes>.fromOpaque(context).takeUnretainedValue()
        guard offset <= UInt64(Int.max - count) else { return 0 }
        do throws(ImageError.Reason) {
            let bytes = try source.readBytes(Int(offset), count)
            bytes.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
            }
            return Int64(bytes.count)
        } catch {
            source.failure = source.failure ?? error
            return -1
        }
    }

    /// The callback libtiff asks the data's length with, for its sanity checks.
    package static let length: cimage_length_function = { context in
        guard let context else { return -1 }
        let source = Unmanaged<CallbackBytes>.fromOpaque(context).takeUnretainedValue()
        do throws(ImageError.Reason) {
            return Int64(try source.length())
        } catch {
            source.failure = source.failure ?? error
            return -1
        }
    }

    /// The data's length, found by reading single bytes: `ByteSource` has no length, and
    /// libtiff asks rarely (only to check a tag's claimed size), so about 2·log₂(length)
    /// reads, once, cost less than widening the protocol every format shares.
    package func length() throws(ImageError.Reason) -> Int {
        if let knownLength { return knownLength }
        func hasByte(at offset: Int) throws(ImageError.Reason) -> Bool { try !readBytes(offset, 1).isEmpty }
        // Invariant: the data holds at least `present` bytes and fewer than `absent`.
        var present = 0
        var absent = 1
        while try hasByte(at: absent - 1) {
            present = absent
            absent *= 2
        }
        while absent - present > 1 {
            let middle = present + (absent - present) / 2
            if try hasByte(at: middle - 1) { present = middle } else { absent = middle }
        }
        knownLength = present
        return present
    }
}
