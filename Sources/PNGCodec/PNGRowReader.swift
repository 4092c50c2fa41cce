import CPNG
import ImageInput

/// Decodes a PNG to 8-bit RGBA a band of rows at a time, top to bottom.
///
/// Memory stays at libpng's two-row working set whatever the image's height, so
/// a resampler can shrink a 6000×4000 source without holding it. Adam7-interlaced
/// images cannot be delivered in row order before the last pass, so for those the
/// reader decodes the whole image on the first call and hands out its rows.
///
/// Pixels come out straight (not premultiplied), in sRGB.
package final class PNGRowReader: ImageRowReader {
    package let header: ImageHeader
    package let path: String
    /// Rows delivered so far; the next call starts at this row.
    package private(set) var rowsRead = 0

    private let reader: OpaquePointer
    private let input: ShimInput
    private let limits: DecodeLimits
    private var interlacedImage: [UInt8]?

    /// Opens the PNG at `path` and checks its header against `limits`.
    ///
    /// - Throws: `ImageError` for unreadable files, damaged headers and images over the limit,
    ///   before any pixel memory is allocated.
    package convenience init(path: String, limits: DecodeLimits = .default) throws(ImageError) {
        let (input, (header, reader)) = try ShimInput.open(path: path) { file throws(ImageError) in
            (try ImageHeader.probe(file, path: path, limits: limits),
             try ShimInput.reader(cpng_reader_create_fd(file.fileDescriptor), path: path))
        }
        try self.init(reader: reader, header: header, path: path, input: input, limits: limits)
    }

    /// Decodes PNG bytes held in memory; `name` stands for the path in errors.
    package convenience init(bytes: some Collection<UInt8>, name: String = "<memory>", limits: DecodeLimits = .default) throws(ImageError) {
        let header = try ImageHeader.parse(bytes, path: name, limits: limits)
        let input = ShimInput(copying: bytes)
        let reader = try ShimInput.reader(cpng_reader_create_memory(input.memory?.baseAddress, bytes.count), path: name)
        try self.init(reader: reader, header: header, path: name, input: input, limits: limits)
    }

    private init(reader: OpaquePointer, header: ImageHeader, path: String, input: ShimInput, limits: DecodeLimits) throws(ImageError) {
        (self.reader, self.header, self.path, self.input, self.limits) = (reader, header, path, input, limits)
        var info = cpng_header()
        try check(cpng_reader_start(reader, limits.maxPixels, &info))
    }

    deinit {
        cpng_reader_destroy(reader)
    }

    /// Whether the image data is read without libpng (8-bit RGB or RGBA, not interlaced,
    /// nothing to convert): inflated by ISA-L and unfiltered by CPNG, at about twice the speed.
    var readsImageDataItself: Bool { cpng_reader_reads_image_data_itself(reader) != 0 }

    package var storedWidth: Int { header.width }
    package var storedHeight: Int { header.height }
    package var outputWidth: Int { header.width }
    package var outputHeight: Int { header.height }
    /// PNG has no orientation of its own: rows are stored upright.
    package var orientation: Orientation { .identity }

    /// Decodes the next `count` rows into `destination`, `stride` bytes apart.
    ///
    /// - Parameters:
    ///   - destination: room for `count` rows of `stride` bytes (the last row needs only `bytesPerRow`).
    ///   - stride: at least `bytesPerRow`.
    /// - Throws: `ImageError.Reason.corrupt` or `.truncated` when the data is damaged;
    ///   the rows already delivered stay valid.
    package func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        guard let base = firstRow(in: destination, stride: stride, count: count) else { return }
        if header.isInterlaced {
            let image = try wholeInterlacedImage()
            image.withUnsafeBytes { source in
                guard let first = source.baseAddress else { return }
                copyRows(from: first, sourceStride: bytesPerRow, to: base, stride: stride, count: count)
            }
        } else {
            try check(cpng_reader_read_rows(reader, base.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)))
        }
        rowsRead += count
    }

    /// Reads the chunks after the pixel data, so damage after the last row (a
    /// missing IEND, a bad CRC) is reported and not silently ignored.
    package func finish() throws(ImageError) {
        checkFinishing()
        try check(cpng_reader_finish(reader))
    }

    /// A file that ends without IEND once the image data is whole, found by `finish`.
    package var readWarnings: [ImageWarning] {
        cpng_reader_missing_end(reader) != 0
            ? [ImageWarning(path: path, reason: .missingEnd(format: PNGFormat.name, marker: "IEND"))] : []
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
        guard let failure = ShimFailure(status: status, message: String(cString: cpng_reader_message(reader))) else { return }
        var reason = failure.reason(format: PNGFormat.name, stage: "reading image data", size: (header.width, header.height),
                                    limits: limits, readFailure: .readFailed(errno: cpng_reader_errno(reader)))
        // libpng says a cut file is "truncated" among its other complaints.
        if case .corrupt = reason, failure.message.contains("truncated") { reason = .truncated(while: "reading image data") }
        throw ImageError(path: path, reason: reason)
    }
}
