import CHEIF
import ImageInput

/// A `ByteSource` lent to libheif, which reads through a C callback.
///
/// libheif parses the boxes up front and reads image data when decoding, anywhere in
/// the file, so the probe reads only the boxes and the decode only what it decodes. A
/// read failure cannot cross the C callback as a Swift error, so it is kept here and
/// the callback returns -1.
final class HEIFByteSource {
    private let readBytes: (Int, Int) throws(ImageError.Reason) -> [UInt8]
    /// The first read failure, which the handle reports in place of libheif's message.
    private(set) var failure: ImageError.Reason?

    init(_ source: some ByteSource) {
        readBytes = { offset, count throws(ImageError.Reason) in try source.read(at: offset, count: count) }
    }

    /// The callback libheif reads with; `context` is an unretained `HEIFByteSource`.
    static let read: cheif_read_function = { context, offset, buffer, count in
        guard let context, let buffer else { return -1 }
        let source = Unmanaged<HEIFByteSource>.fromOpaque(context).takeUnretainedValue()
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
}
