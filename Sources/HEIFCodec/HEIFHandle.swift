import CHEIF
import ImageInput

/// One parsed HEIF file: libheif's context reading through a `ByteSource`, and its primary image.
///
/// Both the probe and the row reader start here, so a file is judged by the same checks
/// whichever asks: the brand, the boxes, and the upright and coded sizes against the limits.
final class HEIFHandle {
    let reader: OpaquePointer
    let path: String
    let limits: DecodeLimits
    let brand: HEIFBrand
    let info: cheif_info
    /// The ftyp box's major brand, for an image sequence's refusal.
    let majorBrand: String
    private let source: CallbackSource

    /// Parses the HEIF file in `source`; `path` names it in errors.
    ///
    /// - Parameter fileDescriptor: owned by the handle from the start: closed when this
    ///   init throws, or with the handle after libheif is done with it (so not handed
    ///   over with `FileBytes.handOver`, which would close it twice).
    /// - Throws: `ImageError` when the data lacks the brand's signature, libheif cannot
    ///   find the primary image, or that image is over `limits`.
    init(source: some ByteSource, path: String, limits: DecodeLimits, brand: HEIFBrand, fileDescriptor: Int32? = nil) throws(ImageError) {
        var majorBrand = ""
        let source = try CallbackSource(source, path: path, owning: fileDescriptor) { bytes throws(ImageError.Reason) in
            majorBrand = try Self.checkSignature(bytes, brand: brand)
        }
        self.majorBrand = majorBrand
        reader = try ShimInput.reader(cheif_reader_create(), path: path)
        (self.source, self.path, self.limits, self.brand) = (source, path, limits, brand)
        var info = cheif_info()
        let status = cheif_reader_open(reader, source.context, CallbackBytes.read, limits.maxPixels, &info)
        self.info = info
        try check(status, while: Self.openingStage)
    }

    /// What libheif does when the handle opens, as errors say it.
    private static let openingStage = "reading the boxes"

    deinit {
        cheif_reader_destroy(reader)
    }

    /// What the registry and the layout need: the upright size, so orientation is `.identity`.
    var imageInfo: ImageInfo {
        ImageInfo(format: brand.formatName, width: Int(info.width), height: Int(info.height),
                  hasAlpha: info.has_alpha != 0, color: color, taken: exif?.taken)
    }

    /// The most bytes of an Exif item read: a record with a large thumbnail fits many times over.
    static let exifLimit: UInt64 = 1 << 20

    /// The primary image's Exif item through the one EXIF reader; nil when there is none,
    /// it is over `exifLimit`, or libheif cannot read it, since the pixels still decode.
    ///
    /// The item (ISO/IEC 23008-12, A.2.1) starts with a 32-bit big-endian count of the
    /// bytes before the TIFF header (6 for `Exif\0\0`, 0 for none).
    private var exif: EXIF? {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        guard cheif_reader_metadata(reader, "Exif", "", Self.exifLimit, &bytes, &count) == CIMAGE_OK, let bytes,
              count >= 4 else { return nil }
        let item = UnsafeBufferPointer(start: bytes, count: count)
        let skip = item.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard skip <= count - 4 else { return nil }
        return EXIF(tiff: item.dropFirst(4 + skip))
    }

    /// The primary image's colour: its ICC profile, or else its nclx box. A file with both
    /// is described by the profile, the fuller of the two, as libheif itself ranks them.
    private var color: ColorDescription? {
        var count = 0
        if let profile = cheif_reader_icc_profile(reader, &count) {
            return .icc(Array(UnsafeBufferPointer(start: profile, count: count)))
        }
        var nclx = cheif_nclx()
        guard cheif_reader_nclx(reader, &nclx) != 0 else { return nil }
        return .nclx(NCLXColor(primaries: nclx.primaries, transfer: nclx.transfer, matrix: nclx.matrix,
                               fullRange: nclx.full_range != 0))
    }

    /// The upright sizes of the primary image's thumbnails, in the file's order.
    var thumbnailSizes: [(width: Int, height: Int)] {
        (0..<Int(info.thumbnail_count)).compactMap { index in
            var width: UInt32 = 0
            var height: UInt32 = 0
            guard cheif_reader_thumbnail_size(reader, Int32(index), &width, &height) == CIMAGE_OK else { return nil }
            return (Int(width), Int(height))
        }
    }

    /// Turns a shim status into the error users read; `stage` says what was being read.
    func check(_ status: cimage_status, while stage: String) throws(ImageError) {
        guard let failure = ShimFailure(status: status, message: String(cString: cheif_reader_message(reader))) else { return }
        // A limit refuses the upright size when it is over; else the coded one, which a clean aperture crops.
        let upright = (width: Int(info.width), height: Int(info.height))
        let size = UInt64(info.width) * UInt64(info.height) > limits.maxPixels ? upright : (Int(info.coded_width), Int(info.coded_height))
        let reason: ImageError.Reason = switch status {
        // The primary image was found, but has a side of 0.
        case CIMAGE_ERROR_FORMAT where stage == Self.openingStage && info.has_primary != 0 && (info.width == 0 || info.height == 0):
            .invalidDimensions(width: UInt64(info.width), height: UInt64(info.height), maximumSide: UInt64(Int32.max))
        // libheif refused the boxes before any image was found.
        case CIMAGE_ERROR_FORMAT where stage == Self.openingStage:
            .format(HEIFFailure.damagedBoxes(libheif: failure.message))
        case CIMAGE_ERROR_UNSUPPORTED where cheif_reader_is_sequence(reader) != 0:
            .format(HEIFFailure.imageSequence(brand: majorBrand))
        default: failure.reason(format: brand.formatName, stage: "\(stage): \(failure.message)", size: size,
                                limits: limits, readFailure: source.readFailure)
        }
        throw ImageError(path: path, reason: reason)
    }

    /// Refuses data that is empty or lacks `brand`'s `ftyp` box before libheif sees it;
    /// returns the major brand.
    private static func checkSignature(_ source: some ByteSource, brand: HEIFBrand) throws(ImageError.Reason) -> String {
        let start = try source.read(at: 0, count: HEIFBrand.signatureLength)
        if start.isEmpty { throw .emptyFile }
        if HEIFBrand(prefix: start) == brand { return String(decoding: start[8..<12], as: UTF8.self) }
        let ftyp = Array("ftyp".utf8)
        if start.count < 12 && (start.count <= 4 || ftyp.starts(with: start.dropFirst(4).prefix(4))) {
            throw .truncated(while: "reading the ftyp box")
        }
        let brands = brand == .heic ? "heic, heix, heim, heis, hevc, hevx or mif1" : "avif, avis or mif1 with avif"
        throw .signatureMismatch(expected: brand.formatName, signature: "no ftyp box with brand \(brands)")
    }
}
