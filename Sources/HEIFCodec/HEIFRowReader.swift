import CHEIF
import ImageInput

/// Decodes a HEIC or AVIF file's primary image, or one of its thumbnails, to 8-bit
/// straight RGBA rows, top to bottom, already upright.
///
/// libheif (1.15) decodes a whole image at once, grid tiles and all, and applies the
/// file's rotation, mirroring and clean aperture itself; `orientation` is therefore
/// always `.identity`. The decoded image is held until the reader is released: memory
/// is the image's RGBA (plus libheif's planes while decoding), not a band.
///
/// When the caller can use less, a thumbnail stored in the file is decoded instead of
/// the primary image, as libvips does: the smallest one still covering `minimumSize`.
/// Thumbnails carry their own transformations, which libheif applies too; one whose
/// upright shape does not match the primary's (an encoder that left its rotation out)
/// is passed over.
package final class HEIFRowReader: ImageRowReader {
    package let path: String
    package let storedWidth: Int
    package let storedHeight: Int
    package let outputWidth: Int
    package let outputHeight: Int
    /// Which thumbnail was decoded, or nil for the primary image.
    package let thumbnailIndex: Int?
    /// Rows delivered so far; the next call starts at this row.
    package private(set) var rowsRead = 0
    private let handle: HEIFHandle

    /// Opens the HEIC or AVIF file at `path` (`brand` says which the probe found) and decodes it.
    ///
    /// - Parameter minimumSize: the smallest size the caller can use; nil decodes the primary image.
    /// - Throws: `ImageError` for unreadable files, damaged boxes or image data, images over
    ///   the limit (before decoding), and codecs libheif has no decoder for.
    convenience init(path: String, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits, brand: HEIFBrand) throws(ImageError) {
        let file = try FileBytes.open(path: path)
        let handle = try HEIFHandle(source: file, path: path, limits: limits, brand: brand, fileDescriptor: file.fileDescriptor)
        try self.init(handle: handle, minimumSize: minimumSize)
    }

    /// Decodes HEIC or AVIF bytes held in memory; `name` stands for the path in errors.
    package convenience init(
        bytes: [UInt8], name: String = "<memory>", minimumSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) {
        let brand = HEIFBrand(prefix: Array(bytes.prefix(HEIFBrand.signatureLength))) ?? .heic
        try self.init(handle: HEIFHandle(source: MemoryBytes(bytes), path: name, limits: limits, brand: brand), minimumSize: minimumSize)
    }

    private init(handle: HEIFHandle, minimumSize: (width: Int, height: Int)?) throws(ImageError) {
        self.handle = handle
        path = handle.path
        let primary = (width: Int(handle.info.width), height: Int(handle.info.height))
        storedWidth = primary.width
        storedHeight = primary.height
        thumbnailIndex = minimumSize.flatMap {
            Self.thumbnail(covering: $0, among: handle.thumbnailSizes, primary: primary)
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        let index = Int32(thumbnailIndex ?? -1)
        try handle.check(cheif_reader_decode(handle.reader, index, &width, &height),
                         while: thumbnailIndex == nil ? "decoding the image" : "decoding the thumbnail")
        outputWidth = Int(width)
        outputHeight = Int(height)
    }

    /// The transformations are applied in the decode: rows come out upright.
    package var orientation: Orientation { .identity }

    /// The smallest thumbnail at least `minimum` in both sides and shaped like the primary
    /// image (sides in the same ratio, give or take a pixel of rounding); nil when none is.
    static func thumbnail(
        covering minimum: (width: Int, height: Int), among sizes: [(width: Int, height: Int)], primary: (width: Int, height: Int)
    ) -> Int? {
        sizes.indices
            .filter { index in
                let size = sizes[index]
                let sameShape = abs(size.width * primary.height - size.height * primary.width) <= max(primary.width, primary.height)
                return sameShape && size.width >= minimum.width && size.height >= minimum.height
                    && size.width * size.height < primary.width * primary.height
            }
            .min { sizes[$0].width * sizes[$0].height < sizes[$1].width * sizes[$1].height }
    }

    /// Copies the next `count` rows into `destination`, `stride` bytes apart.
    package func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        guard let base = firstRow(in: destination, stride: stride, count: count) else { return }
        var sourceStride = 0
        guard let pixels = cheif_reader_pixels(handle.reader, &sourceStride) else {
            throw ImageError(path: path, reason: .corrupt(format: handle.brand.formatName, message: "no decoded pixels"))
        }
        copyRows(from: pixels, sourceStride: sourceStride, to: base, stride: stride, count: count)
        rowsRead += count
    }

    /// An alpha item libheif left out, told rather than dropped without a word.
    package var readWarnings: [ImageWarning] {
        handle.info.alpha_left_out != 0 && thumbnailIndex == nil
            ? [ImageWarning(path: path, reason: .alphaLeftOut(format: handle.brand.formatName))] : []
    }

    /// The whole file was decoded when the reader opened: nothing is left to read.
    package func finish() throws(ImageError) {
        checkFinishing()
    }
}
