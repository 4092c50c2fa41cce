import CPNG
#if canImport(Glibc)
import Glibc
#endif
import ImageInput

/// Decodes a PNG to 8-bit RGBA a band of rows at a time, top to bottom.
///
/// Memory stays at libpng's two-row working set whatever the image's height, so
/// a resampler can shrink a 6000×4000 source without holding it. Adam7-interlaced
/// images cannot be delivered in row order before the last pass, so for those the
/// reader decodes the whole image on the first call and hands out its rows.
///
/// Pixels come out straight (not premultiplied), in sRGB.
public final class PNGRowReader: ImageRowReader {
    public let header: ImageHeader
    public let path: String
    /// Rows delivered so far; the next call starts at this row.
    public private(set) var rowsRead = 0

    private let reader: OpaquePointer
    private let fileDescriptor: Int32
    private let memory: UnsafeMutableRawBufferPointer?
    private let limits: DecodeLimits
    private var interlacedImage: [UInt8]?

    /// Opens the PNG at `path` and checks its header against `limits`.
    ///
    /// - Throws: `ImageError` for unreadable files, damaged headers and images over the limit,
    ///   before any pixel memory is allocated.
    public convenience init(path: String, limits: DecodeLimits = .default) throws(ImageError) {
        let file = try FileBytes.open(path: path)
        let (header, reader) = try file.handOver { file throws(ImageError) in
            let header = try ImageHeader.probe(file, path: path, limits: limits)
            guard let reader = cpng_reader_create_fd(file.fileDescriptor) else {
                throw ImageError(path: path, reason: .outOfMemory)
            }
            return (header, reader)
        }
        try self.init(reader: reader, header: header, path: path, fileDescriptor: file.fileDescriptor, memory: nil, limits: limits)
    }

    /// Decodes PNG bytes held in memory; `name` stands for the path in errors.
    public convenience init(bytes: some Collection<UInt8>, name: String = "<memory>", limits: DecodeLimits = .default) throws(ImageError) {
        let header = try ImageHeader.parse(bytes, path: name, limits: limits)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        _ = memory.initializeMemory(as: UInt8.self, from: bytes)
        guard let reader = cpng_reader_create_memory(memory.baseAddress, bytes.count) else {
            memory.deallocate()
            throw ImageError(path: name, reason: .outOfMemory)
        }
        try self.init(reader: reader, header: header, path: name, fileDescriptor: -1, memory: memory, limits: limits)
    }

    private init(
        reader: OpaquePointer, header: ImageHeader, path: String,
        fileDescriptor: Int32, memory: UnsafeMutableRawBufferPointer?, limits: DecodeLimits
    ) throws(ImageError) {
        self.reader = reader
        self.header = header
        self.path = path
        self.fileDescriptor = fileDescriptor
        self.memory = memory
        self.limits = limits
        var info = cpng_header()
        try check(cpng_reader_start(reader, limits.maxPixels, &info))
    }

    deinit {
        cpng_reader_destroy(reader)
        if fileDescriptor >= 0 { close(fileDescriptor) }
        memory?.deallocate()
    }

    public var bytesPerRow: Int { header.width * 4 }
    public var storedWidth: Int { header.width }
    public var storedHeight: Int { header.height }
    public var outputWidth: Int { header.width }
    public var outputHeight: Int { header.height }
    /// PNG has no orientation of its own: rows are stored upright.
    public var orientation: Orientation { .identity }

    /// Decodes the next `count` rows into `destination`, `stride` bytes apart.
    ///
    /// - Parameters:
    ///   - destination: room for `count` rows of `stride` bytes (the last row needs only `bytesPerRow`).
    ///   - stride: at least `bytesPerRow`.
    /// - Throws: `ImageError.Reason.corrupt` or `.truncated` when the data is damaged;
    ///   the rows already delivered stay valid.
    public func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        precondition(count >= 0 && rowsRead + count <= header.height, "cannot read past the last row")
        precondition(stride >= bytesPerRow && (count == 0 || destination.count >= stride * (count - 1) + bytesPerRow),
                     "destination too small for the rows asked for")
        guard count > 0, let base = destination.baseAddress else { return }
        if header.isInterlaced {
            let image = try wholeInterlacedImage()
            image.withUnsafeBytes { source in
                guard let first = source.baseAddress else { return }
                for row in 0..<count {
                    (base + row * stride).copyMemory(from: first + (rowsRead + row) * bytesPerRow, byteCount: bytesPerRow)
                }
            }
        } else {
            try check(cpng_reader_read_rows(reader, base.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)))
        }
        rowsRead += count
    }

    /// Reads the chunks after the pixel data, so damage after the last row (a
    /// missing IEND, a bad CRC) is reported and not silently ignored.
    public func finish() throws(ImageError) {
        precondition(rowsRead == header.height, "finish() comes after the last row")
        try check(cpng_reader_finish(reader))
    }

    private func wholeInterlacedImage() throws(ImageError) -> [UInt8] {
        if let interlacedImage { return interlacedImage }
        let pixels = try decodeWhole()
        interlacedImage = pixels
        return pixels
    }

    /// Every row at once, whatever the interlacing: libpng runs the Adam7 passes itself.
    private func decodeWhole() throws(ImageError) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: header.height * bytesPerRow)
        let status = pixels.withUnsafeMutableBytes { buffer in
            cpng_reader_read_image(reader, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), bytesPerRow)
        }
        try check(status)
        return pixels
    }

    private func check(_ status: cimage_status) throws(ImageError) {
        guard status != CIMAGE_OK else { return }
        let message = String(cString: cpng_reader_message(reader))
        let reason: ImageError.Reason = switch status {
        case CIMAGE_ERROR_IO: .readFailed(errno: cpng_reader_errno(reader))
        case CIMAGE_ERROR_MEMORY: .outOfMemory
        case CIMAGE_ERROR_LIMIT:
            .tooManyPixels(width: UInt64(header.width), height: UInt64(header.height), limit: limits.maxPixels)
        default: message.contains("truncated") ? .truncated(while: "reading image data") : .corrupt(format: PNGFormat.name, message: message)
        }
        throw ImageError(path: path, reason: reason)
    }
}
