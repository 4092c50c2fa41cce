import CWebP
import ImageInput
#if canImport(Glibc)
import Glibc
#endif

/// Decodes a WebP's first frame to 8-bit straight RGBA and hands it out a band of rows
/// at a time, reduced on load when a smaller size is enough.
///
/// libwebp decodes a frame whole: it has no public way to deliver rows into a small
/// buffer. So the first `readRows` decodes the frame once, at the reduced size, and the
/// rows are then copied out of it; memory is the compressed file plus one RGBA image of
/// the output size. Reducing is libwebp's own scaled decoding (`use_scaling`): the
/// reader picks the largest whole-number factor whose output still covers the caller's
/// minimum, as JPEG's DCT scaling does, so a 4000-pixel WebP for a 500-pixel tile is
/// decoded at 571 pixels and never held at full size.
///
/// An animation gives its first frame on a transparent canvas, as libwebp's
/// `WebPAnimDecoder` draws it; a first frame smaller than the canvas is not reduced.
/// Pixels are in the file's colour space (no ICC profile is applied).
package final class WebPRowReader: FormatRowReader {
    package let path: String
    /// The canvas the decoder found, before any reduction.
    package let storedWidth: Int
    package let storedHeight: Int
    /// The decoded size: the canvas divided by `reduction`, rounded up.
    package let outputWidth: Int
    package let outputHeight: Int
    /// The whole-number factor the canvas is reduced by (1: full size).
    package let reduction: Int
    /// Frames in the file: 1 for a still image.
    package let frameCount: Int
    /// The EXIF chunk's orientation, which libwebp does not apply; upright without one.
    package let orientation: Orientation
    /// Rows delivered so far; the next call starts at this row.
    package private(set) var rowsRead = 0

    private let decoder: OpaquePointer
    private let limits: DecodeLimits
    /// The decoded frame, made at the first `readRows`.
    private var pixels: [UInt8]?

    /// Reads the WebP at `path` and starts a decode: the container is parsed whole and the
    /// canvas checked against `limits` before any pixel memory is allocated.
    ///
    /// - Parameter minimumSize: the smallest size the caller can use; the reader picks the
    ///   largest whole-number reduction whose output still covers it. Nil decodes at full size.
    /// - Throws: `ImageError` for unreadable, cut or damaged files and canvases over the limit.
    package convenience init(
        path: String, minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) {
        let bytes = try Self.readFile(path: path)
        try self.init(bytes: bytes, name: path, minimumSize: minimumSize, limits: limits)
    }

    /// Decodes WebP bytes held in memory; `name` stands for the path in errors.
    package init(
        bytes: some Collection<UInt8>, name: String = "<memory>",
        minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) {
        // The decoder keeps its own copy, so these bytes are needed only for this call.
        let copy = Array(bytes)
        try ImageError.naming(name) { () throws(ImageError.Reason) in try WebPHeader.checkSignature(Array(copy.prefix(12))) }
        decoder = try ShimInput.reader(copy.withUnsafeBufferPointer { cwebp_decoder_create($0.baseAddress, $0.count) }, path: name)
        (self.path, self.limits) = (name, limits)
        // Bytes in memory cannot fail to read; a failure would only mean no orientation.
        orientation = (try? WebPEXIF.read(MemoryBytes(copy), prefix: Array(copy.prefix(WebPEXIF.flagsOffset + 1))))?.orientation ?? .identity
        let minimum = Self.shimMinimum(minimumSize)
        var info = cwebp_info()
        let status = cwebp_decoder_start(decoder, limits.maxPixels, minimum.width, minimum.height, &info)
        storedWidth = Int(info.width)
        storedHeight = Int(info.height)
        outputWidth = Int(info.output_width)
        outputHeight = Int(info.output_height)
        reduction = Int(info.reduction)
        frameCount = Int(info.frame_count)
        try check(status, while: "reading the RIFF container")
    }

    deinit {
        cwebp_decoder_destroy(decoder)
    }


    /// Copies the next `count` rows into `destination`, `stride` bytes apart, decoding
    /// the frame first if this is the first call.
    ///
    /// - Throws: `ImageError.Reason.corrupt` when libwebp finds the frame's data damaged.
    package func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        guard let base = firstRow(in: destination, stride: stride, count: count) else { return }
        let frame = try decodedFrame()
        frame.withUnsafeBytes { source in
            guard let first = source.baseAddress else { return }
            copyRows(from: first, sourceStride: bytesPerRow, to: base, stride: stride, count: count)
        }
        rowsRead += count
    }

    /// Nothing is left to read: the container was checked whole when the decode started,
    /// and the frame was decoded whole at the first row.
    package func finish() throws(ImageError) {
        checkFinishing()
    }

    private func decodedFrame() throws(ImageError) -> [UInt8] {
        if let pixels { return pixels }
        var frame = [UInt8](repeating: 0, count: outputHeight * bytesPerRow)
        let status = frame.withUnsafeMutableBytes { buffer in
            cwebp_decoder_decode(decoder, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), bytesPerRow, buffer.count)
        }
        try check(status, while: "decoding the first frame")
        pixels = frame
        return frame
    }

    private func check(_ status: cimage_status, while stage: String) throws(ImageError) {
        guard let failure = ShimFailure(status: status, message: String(cString: cwebp_decoder_message(decoder))) else { return }
        throw ImageError(path: path, reason: failure.reason(format: WebPFormat.name, stage: stage, size: (storedWidth, storedHeight),
                                                            limits: limits, readFailure: .corrupt(format: WebPFormat.name, message: failure.message)))
    }

    /// Every byte of the file at `path`, read by offset up to the size `fstat` gives.
    static func readFile(path: String) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) != 0 { throw ImageError(path: path, reason: .readFailed(errno: errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw ImageError(path: path, reason: .isDirectory) }
        do {
            return try FileBytes(fileDescriptor: fd).read(at: 0, count: Int(status.st_size))
        } catch {
            throw ImageError(path: path, reason: error)
        }
    }
}
