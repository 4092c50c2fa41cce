import CJPEG
import ImageInput
#if canImport(Glibc)
import Glibc
#endif

/// Decodes a JPEG to 8-bit RGBA a band of rows at a time, top to bottom,
/// shrinking it in the DCT when a smaller size is enough.
///
/// libjpeg-turbo can decode straight to 1/2, 1/4 or 1/8 of the stored size,
/// skipping most of the inverse DCT and all of the full-size colour conversion:
/// a tile 600 pixels wide needs only a 750-pixel decode of a 6000-pixel photo.
/// Rows come out as stored, before orientation; the caller turns the decoded
/// image upright with `orientation.apply(to:)` (see `JPEGDecoder`).
///
/// Pixels are opaque (alpha 255), straight, in the file's colour space (no ICC
/// profile is applied). Baseline images stream with libjpeg's few-row working
/// set; progressive ones hold their coefficients (about 2 bytes per sample) until
/// the reader is done.
public final class JPEGRowReader: ImageRowReader {
    public let header: JPEGHeader
    public let path: String
    /// The decoded size after DCT scaling, before orientation.
    public let outputWidth: Int
    public let outputHeight: Int
    /// 1, 2, 4 or 8: outputWidth is header.width / scaleDenominator, rounded up.
    public let scaleDenominator: Int
    /// From the EXIF data libjpeg saw before the first scan; `.identity` when there is none or it is damaged.
    public let orientation: Orientation
    /// Rows delivered so far; the next call starts at this row.
    public private(set) var rowsRead = 0

    private let reader: OpaquePointer
    private let fileDescriptor: Int32
    private let memory: UnsafeMutableRawBufferPointer?
    private let limits: DecodeLimits

    /// Opens the JPEG at `path`, checks its header against `limits` and starts a decode.
    ///
    /// - Parameters:
    ///   - minimumSize: the smallest stored-orientation size the caller can use; the
    ///     reader picks the smallest DCT scale whose output still covers it. Nil decodes at full size.
    /// - Throws: `ImageError` for unreadable files, damaged headers and images over the limit
    ///   (before any pixel memory is allocated); for a truncated progressive file, here too.
    public convenience init(
        path: String, minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) {
        let file = try FileBytes.open(path: path)
        let (header, reader) = try file.handOver { file throws(ImageError) in
            let header = try JPEGHeader.probe(file, path: path, limits: limits)
            guard let reader = cjpeg_reader_create_fd(file.fileDescriptor) else {
                throw ImageError(path: path, reason: .outOfMemory)
            }
            return (header, reader)
        }
        try self.init(reader: reader, header: header, path: path, fileDescriptor: file.fileDescriptor, memory: nil,
                      minimumSize: minimumSize, limits: limits)
    }

    /// Decodes JPEG bytes held in memory; `name` stands for the path in errors.
    public convenience init(
        bytes: some Collection<UInt8>, name: String = "<memory>",
        minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) {
        let header = try JPEGHeader.parse(bytes, path: name, limits: limits)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        _ = memory.initializeMemory(as: UInt8.self, from: bytes)
        guard let reader = cjpeg_reader_create_memory(memory.baseAddress, bytes.count) else {
            memory.deallocate()
            throw ImageError(path: name, reason: .outOfMemory)
        }
        try self.init(reader: reader, header: header, path: name, fileDescriptor: -1, memory: memory,
                      minimumSize: minimumSize, limits: limits)
    }

    private init(
        reader: OpaquePointer, header: JPEGHeader, path: String, fileDescriptor: Int32,
        memory: UnsafeMutableRawBufferPointer?, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) {
        self.reader = reader
        self.header = header
        self.path = path
        self.fileDescriptor = fileDescriptor
        self.memory = memory
        self.limits = limits
        // Without a minimum, ask for more than any scale can give, so the full size is chosen.
        let minimum = minimumSize.map { (UInt32(clamping: max($0.width, 0)), UInt32(clamping: max($0.height, 0))) }
            ?? (UInt32.max, UInt32.max)
        var info = cjpeg_info()
        let status = cjpeg_reader_start(reader, limits.maxPixels, minimum.0, minimum.1, &info)
        outputWidth = Int(info.output_width)
        outputHeight = Int(info.output_height)
        scaleDenominator = Int(info.scale_denom)
        var exifCount = 0
        let exif = cjpeg_reader_exif(reader, &exifCount)
        orientation = exif.flatMap { EXIF.orientation(tiff: UnsafeBufferPointer(start: $0, count: exifCount)) } ?? .identity
        // libjpeg reads all of a progressive file's scans before the first row.
        try check(status, while: header.isProgressive ? "reading the progressive scans" : "reading the headers")
    }

    deinit {
        cjpeg_reader_destroy(reader)
        if fileDescriptor >= 0 { close(fileDescriptor) }
        memory?.deallocate()
    }

    public var bytesPerRow: Int { outputWidth * 4 }
    public var storedWidth: Int { header.width }
    public var storedHeight: Int { header.height }

    /// How many warnings libjpeg raised so far (damaged but decodable data), and the first one's text.
    ///
    /// Extraneous bytes before a marker, a bad Huffman code in one block: the image
    /// decodes, with a smudge at worst. Only the end of data is an error.
    public var warnings: (count: Int, first: String?) {
        let count = Int(cjpeg_reader_warning_count(reader))
        return (count, count > 0 ? String(cString: cjpeg_reader_first_warning(reader)) : nil)
    }

    /// Decodes the next `count` rows into `destination`, `stride` bytes apart.
    ///
    /// - Parameters:
    ///   - destination: room for `count` rows of `stride` bytes (the last row needs only `bytesPerRow`).
    ///   - stride: at least `bytesPerRow`.
    /// - Throws: `ImageError.Reason.truncated` when the data ends before these rows do
    ///   (the rows are then partly grey), `.corrupt` when libjpeg gives up on the data.
    public func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        precondition(count >= 0 && rowsRead + count <= outputHeight, "cannot read past the last row")
        precondition(stride >= bytesPerRow && (count == 0 || destination.count >= stride * (count - 1) + bytesPerRow),
                     "destination too small for the rows asked for")
        guard count > 0, let base = destination.baseAddress else { return }
        try check(cjpeg_reader_read_rows(reader, base.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)), while: "decoding rows")
        rowsRead += count
    }

    /// Reads to the end-of-image marker, so data ending right after the last row is reported too.
    public func finish() throws(ImageError) {
        precondition(rowsRead == outputHeight, "finish() comes after the last row")
        try check(cjpeg_reader_finish(reader), while: "reading the end of image")
    }

    private func check(_ status: cimage_status, while stage: String) throws(ImageError) {
        guard status != CIMAGE_OK else { return }
        let message = String(cString: cjpeg_reader_message(reader))
        let reason: ImageError.Reason = switch status {
        case CIMAGE_ERROR_IO: .readFailed(errno: cjpeg_reader_errno(reader))
        case CIMAGE_ERROR_MEMORY: .outOfMemory
        case CIMAGE_ERROR_LIMIT: .tooManyPixels(width: UInt64(header.width), height: UInt64(header.height), limit: limits.maxPixels)
        case CIMAGE_ERROR_TRUNCATED: .truncated(while: "\(stage): \(message)")
        case CIMAGE_ERROR_UNSUPPORTED: .unsupported(format: JPEGFormat.name, message: message)
        // libjpeg words what it cannot do as "Unsupported …" or "… not supported".
        default: message.hasPrefix("Unsupported") || message.contains("not supported") ? .unsupported(format: JPEGFormat.name, message: message)
            : .corrupt(format: JPEGFormat.name, message: message)
        }
        throw ImageError(path: path, reason: reason)
    }
}
