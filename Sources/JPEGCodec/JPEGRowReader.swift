import CJPEG
import ImageInput

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
public final class JPEGRowReader: FormatRowReader {
    public let header: JPEGHeader
    public let path: String
    /// The decoded size after DCT scaling, before orientation.
    public var outputWidth: Int { Int(info.output_width) }
    public var outputHeight: Int { Int(info.output_height) }
    /// 1, 2, 4 or 8: outputWidth is header.width / scaleDenominator, rounded up.
    public var scaleDenominator: Int { Int(info.scale_denom) }
    /// From the EXIF data libjpeg saw before the first scan; `.identity` when there is none or it is damaged.
    public let orientation: Orientation
    /// Rows delivered so far; the next call starts at this row.
    public private(set) var rowsRead = 0

    private let reader: OpaquePointer
    private let input: ShimInput
    private let limits: DecodeLimits
    /// What libjpeg found up to the first scan, and the scale chosen.
    private let info: cjpeg_info

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
        let (input, (header, reader)) = try ShimInput.open(path: path) { file throws(ImageError) in
            (try JPEGHeader.probe(file, path: path, limits: limits),
             try ShimInput.reader(cjpeg_reader_create_fd(file.fileDescriptor), path: path))
        }
        try self.init(reader: reader, header: header, path: path, input: input, minimumSize: minimumSize, limits: limits)
    }

    /// Decodes JPEG bytes held in memory; `name` stands for the path in errors.
    public convenience init(
        bytes: some Collection<UInt8>, name: String = "<memory>",
        minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) {
        let header = try JPEGHeader.parse(bytes, path: name, limits: limits)
        let input = ShimInput(copying: bytes)
        let reader = try ShimInput.reader(cjpeg_reader_create_memory(input.memory?.baseAddress, bytes.count), path: name)
        try self.init(reader: reader, header: header, path: name, input: input, minimumSize: minimumSize, limits: limits)
    }

    private init(
        reader: OpaquePointer, header: JPEGHeader, path: String, input: ShimInput,
        minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) {
        (self.reader, self.header, self.path, self.input, self.limits) = (reader, header, path, input, limits)
        let minimum = Self.shimMinimum(minimumSize)
        var info = cjpeg_info()
        let status = cjpeg_reader_start(reader, limits.maxPixels, minimum.width, minimum.height, &info)
        self.info = info
        var exifCount = 0
        let exif = cjpeg_reader_exif(reader, &exifCount)
        orientation = exif.flatMap { EXIF.orientation(tiff: UnsafeBufferPointer(start: $0, count: exifCount)) } ?? .identity
        // libjpeg reads all of a progressive file's scans before the first row.
        try check(status, while: header.isProgressive ? "reading the progressive scans" : "reading the headers")
    }

    deinit {
        cjpeg_reader_destroy(reader)
    }

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
        try check(readShimRows(into: destination, stride: stride, count: count) { cjpeg_reader_read_rows(reader, $0, stride, UInt32(count)) },
                  while: "decoding rows")
        rowsRead += count
    }

    /// Reads to the end-of-image marker, so data ending right after the last row is reported too.
    public func finish() throws(ImageError) {
        checkFinishing()
        try check(cjpeg_reader_finish(reader), while: "reading the end of image")
    }

    private func check(_ status: cimage_status, while stage: String) throws(ImageError) {
        guard let failure = ShimFailure(status: status, message: String(cString: cjpeg_reader_message(reader))) else { return }
        let message = failure.message
        var reason = failure.reason(format: JPEGFormat.name, stage: "\(stage): \(message)", size: (header.width, header.height),
                                    limits: limits, readFailure: .readFailed(errno: cjpeg_reader_errno(reader)))
        // libjpeg words what it cannot do as "Unsupported …" or "… not supported".
        if case .corrupt = reason, message.hasPrefix("Unsupported") || message.contains("not supported") {
            reason = .unsupported(format: JPEGFormat.name, message: message)
        }
        throw ImageError(path: path, reason: reason)
    }
}
