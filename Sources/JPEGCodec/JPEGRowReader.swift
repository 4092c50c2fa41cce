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
package final class JPEGRowReader: FormatRowReader, ShimRowReader {
    package let header: JPEGHeader
    package let path: String
    /// The decoded size after DCT scaling, before orientation.
    package var outputWidth: Int { Int(info.output_width) }
    package var outputHeight: Int { Int(info.output_height) }
    /// 1, 2, 4 or 8: outputWidth is header.width / scaleDenominator, rounded up.
    package var scaleDenominator: Int { Int(info.scale_denom) }
    /// From the EXIF data libjpeg saw before the first scan; `.identity` when there is none or it is damaged.
    package let orientation: Orientation
    /// Rows delivered so far; the next call starts at this row.
    package private(set) var rowsRead = 0

    private let reader: OpaquePointer
    package let calls: ShimCalls
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
    package convenience init(
        path: String, minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) {
        let (input, (header, reader)) = try ShimInput.open(path: path) { file throws(ImageError) in
            (try JPEGHeader.probe(file, path: path, limits: limits),
             try ShimInput.reader(cjpeg_reader_create_fd(file.fileDescriptor), path: path))
        }
        try self.init(reader: reader, header: header, path: path, input: input, minimumSize: minimumSize, limits: limits)
    }

    /// Decodes JPEG bytes held in memory; `name` stands for the path in errors.
    package convenience init(
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
        calls = ShimCalls(reader: reader, readRows: cjpeg_reader_read_rows, finish: cjpeg_reader_finish,
                          message: cjpeg_reader_message, errno: cjpeg_reader_errno,
                          stages: ("decoding rows", "reading the end of image"))
        let minimum = Self.shimMinimum(minimumSize)
        var info = cjpeg_info()
        let status = cjpeg_reader_start(reader, limits.maxPixels, minimum.width, minimum.height, &info)
        self.info = info
        var exifCount = 0
        let exif = cjpeg_reader_exif(reader, &exifCount)
        orientation = exif.flatMap { EXIF(tiff: UnsafeBufferPointer(start: $0, count: exifCount)).orientation } ?? .identity
        // libjpeg reads all of a progressive file's scans before the first row.
        try check(status, while: header.isProgressive ? "reading the progressive scans" : "reading the headers")
    }

    deinit {
        cjpeg_reader_destroy(reader)
    }

    package var storedWidth: Int { header.width }
    package var storedHeight: Int { header.height }

    /// How many warnings libjpeg raised so far (damaged but decodable data), and the first one's text.
    ///
    /// Extraneous bytes before a marker, a bad Huffman code in one block: the image
    /// decodes, with a smudge at worst. Only the end of data is an error.
    package var warnings: (count: Int, first: String?) {
        let count = Int(cjpeg_reader_warning_count(reader))
        return (count, count > 0 ? String(cString: cjpeg_reader_first_warning(reader)) : nil)
    }

    package func advance(by count: Int) { rowsRead += count }

    /// Data ending before the rows do is `.truncated` (the rows are then partly grey),
    /// damage libjpeg gives up on `.corrupt`, what it cannot do `.unsupported`.
    package func error(for failure: ShimFailure, errno code: Int32, while stage: String) -> ImageError {
        let message = failure.message
        var reason = failure.reason(format: JPEGFormat.name, stage: "\(stage): \(message)", size: (header.width, header.height),
                                    limits: limits, readFailure: .readFailed(errno: code))
        // libjpeg words what it cannot do as "Unsupported …" or "… not supported".
        if case .corrupt = reason, message.hasPrefix("Unsupported") || message.contains("not supported") {
            reason = .unsupported(format: JPEGFormat.name, message: message)
        }
        return ImageError(path: path, reason: reason)
    }
}
