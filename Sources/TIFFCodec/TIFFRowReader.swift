import CTIFF
import ImageInput

/// Decodes a TIFF's first page to 8-bit straight RGBA, top to bottom, as stored.
///
/// libtiff's RGBA reader does most conversions: palette, grey (1 to 16 bits), RGB and
/// 8-bit CMYK, 16 bits to 8, YCbCr and JPEG-in-TIFF, contiguous or separate planes. The
/// shim converts what that reader cannot, from the samples libtiff decompresses: 16-bit
/// CMYK, and CIELab (8 or 16 bits) through Little CMS, so Lab white is sRGB white. It is
/// asked for one strip, or one row of tiles, at a time, so memory follows that chunk and
/// not the image; a file written as one big strip is decoded whole. The Orientation tag
/// is reported, not applied: rows come out as stored and `orientation` says how to turn them.
///
/// libtiff hands out premultiplied alpha for RGB(A) data; the shim divides it back out,
/// so colour under low alpha is coarser than stored (within 128/alpha levels) and colour
/// under alpha 0 is lost. No ICC profile is applied.
package final class TIFFRowReader: ImageRowReader {
    package let path: String
    package let storedWidth: Int
    package let storedHeight: Int
    package let orientation: Orientation
    /// Rows delivered so far; the next call starts at this row.
    package private(set) var rowsRead = 0
    private let handle: TIFFHandle

    /// Opens the TIFF at `path`, checks its first directory against `limits` and starts a decode.
    ///
    /// - Throws: `ImageError` for unreadable files, damaged headers, images over the limit
    ///   and images libtiff cannot convert, before any pixel memory is allocated.
    package convenience init(path: String, limits: DecodeLimits = .default) throws(ImageError) {
        let file = try FileBytes.open(path: path)
        try self.init(handle: TIFFHandle(source: file, path: path, limits: limits, fileDescriptor: file.fileDescriptor))
    }

    /// Decodes TIFF bytes held in memory; `name` stands for the path in errors.
    package convenience init(bytes: some Collection<UInt8>, name: String = "<memory>", limits: DecodeLimits = .default) throws(ImageError) {
        try self.init(handle: TIFFHandle(source: MemoryBytes(bytes), path: name, limits: limits))
    }

    private init(handle: TIFFHandle) throws(ImageError) {
        self.handle = handle
        path = handle.path
        storedWidth = Int(handle.info.width)
        storedHeight = Int(handle.info.height)
        orientation = handle.orientation
        try handle.check(ctiff_reader_start(handle.reader), while: "starting the decode")
    }

    /// TIFF is not shrunk on load: the output is the stored size.
    package var outputWidth: Int { storedWidth }
    package var outputHeight: Int { storedHeight }

    /// How many warnings libtiff raised so far, and the first one's text.
    package var warnings: (count: Int, first: String?) { handle.warnings }

    /// Decodes the next `count` rows into `destination`, `stride` bytes apart.
    ///
    /// - Throws: `ImageError.Reason.truncated` when the data ends before these rows do,
    ///   `.corrupt` when libtiff finds a strip or tile damaged.
    package func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        let status = readShimRows(into: destination, stride: stride, count: count) { ctiff_reader_read_rows(handle.reader, $0, stride, UInt32(count)) }
        try handle.check(status, while: "decoding rows")
        rowsRead += count
    }

    /// A TIFF has no end marker: the last strip read was the end of the image.
    package func finish() throws(ImageError) {
        checkFinishing()
    }
}
