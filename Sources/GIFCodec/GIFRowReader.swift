import CGIF
import ImageInput
#if canImport(Glibc)
import Glibc
#endif

/// Decodes a GIF's first frame, composited onto its transparent logical screen, to 8-bit
/// straight RGBA a band of rows at a time, top to bottom.
///
/// A plain frame streams: giflib decodes each row as it is asked for, and memory is one
/// row of palette indices. An interlaced frame stores its rows in four passes, so at its
/// first row the reader decodes it whole into indices (one byte a pixel, a quarter of
/// RGBA) and expands rows from them. Pixels outside the frame and at the transparent
/// index are 0,0,0,0; a frame with neither palette shows its indices as greys, as Pillow
/// does. Later frames of an animation are not read.
package final class GIFRowReader: FormatRowReader, ShimRowReader {
    package let path: String
    /// The canvas: the logical screen grown to hold the first frame.
    package var storedWidth: Int { Int(info.width) }
    package var storedHeight: Int { Int(info.height) }
    /// The first frame's place and size on the canvas.
    package var frameLeft: Int { Int(info.frame_left) }
    package var frameTop: Int { Int(info.frame_top) }
    package var frameWidth: Int { Int(info.frame_width) }
    package var frameHeight: Int { Int(info.frame_height) }
    package var isInterlaced: Bool { info.interlaced != 0 }
    /// The graphic control extension's transparent palette index, if any.
    package var transparentIndex: Int? { info.transparent_index >= 0 ? Int(info.transparent_index) : nil }
    package var hasLocalPalette: Bool { info.local_palette != 0 }
    /// GIF cannot shrink on load: rows come at the canvas size.
    package var outputWidth: Int { storedWidth }
    package var outputHeight: Int { storedHeight }
    /// GIF has no orientation: rows are stored upright.
    package var orientation: Orientation { .identity }
    /// Rows delivered so far; the next call starts at this row.
    package private(set) var rowsRead = 0

    private let reader: OpaquePointer
    package let calls: ShimCalls
    private let input: ShimInput?
    private let limits: DecodeLimits
    /// What giflib found before the first frame's data.
    private let info: cgif_info

    /// Opens the GIF at `path` and reads up to its first frame's data, checking the
    /// canvas against `limits` before any pixel memory is allocated.
    ///
    /// - Throws: `ImageError` for unreadable, cut or damaged files and canvases over the limit.
    package convenience init(path: String, limits: DecodeLimits = .default) throws(ImageError) {
        let (input, reader) = try ShimInput.open(path: path) { file throws(ImageError) in
            try ShimInput.reader(cgif_reader_create_fd(file.fileDescriptor), path: path)
        }
        try self.init(reader: reader, path: path, input: input, limits: limits)
    }

    /// GIF cannot shrink on load, so `minimumSize` is not used: rows come at full size.
    package convenience init(path: String, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits) throws(ImageError) {
        try self.init(path: path, limits: limits)
    }

    /// Decodes GIF bytes held in memory; `name` stands for the path in errors.
    package convenience init(bytes: some Collection<UInt8>, name: String = "<memory>", limits: DecodeLimits = .default) throws(ImageError) {
        // The reader keeps its own copy.
        let copy = Array(bytes)
        let reader = try ShimInput.reader(copy.withUnsafeBufferPointer { cgif_reader_create_memory($0.baseAddress, $0.count) }, path: name)
        try self.init(reader: reader, path: name, input: nil, limits: limits)
    }

    private init(reader: OpaquePointer, path: String, input: ShimInput?, limits: DecodeLimits) throws(ImageError) {
        (self.reader, self.path, self.input, self.limits) = (reader, path, input, limits)
        calls = ShimCalls(reader: reader, readRows: cgif_reader_read_rows, finish: cgif_reader_finish,
                          message: cgif_reader_message, errno: cgif_reader_errno,
                          stages: ("decoding the first frame", "reading the record after the first frame"))
        var info = cgif_info()
        let status = cgif_reader_start(reader, limits.maxPixels, &info)
        self.info = info
        try check(status, while: "reading the blocks before the first frame")
    }

    deinit {
        cgif_reader_destroy(reader)
    }


    package func advance(by count: Int) { rowsRead += count }

    /// Truncation shows while decoding the frame, damaged LZW data as `.corrupt`.
    package func error(for failure: ShimFailure, errno code: Int32, while stage: String) -> ImageError {
        let reason: ImageError.Reason = switch failure.status {
        // open(2) accepts a directory; the first read is what refuses it.
        case CIMAGE_ERROR_IO where code == EISDIR: .isDirectory
        case CIMAGE_ERROR_SIGNATURE: .signatureMismatch(expected: GIFFormat.name, signature: "does not start with GIF87a or GIF89a")
        default: failure.reason(format: GIFFormat.name, stage: stage, size: (storedWidth, storedHeight), limits: limits,
                                readFailure: .readFailed(errno: code))
        }
        return ImageError(path: path, reason: reason)
    }
}
