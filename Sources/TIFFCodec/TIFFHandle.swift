import CTIFF
import ImageInput

/// One open TIFF: the C reader, the bytes it reads through, and what its first directory says.
///
/// The probe and the row reader both start here, so a file is judged by the same checks
/// whichever asks: the header and first directory read, width × height against the
/// limits, and whether libtiff's RGBA reader can convert it, all before any pixel memory.
final class TIFFHandle {
    let reader: OpaquePointer
    let path: String
    let limits: DecodeLimits
    let info: ctiff_info
    private let source: CallbackSource

    /// Opens the TIFF in `source`; `path` names it in errors.
    ///
    /// - Parameter fileDescriptor: owned by the handle from the start: closed when this
    ///   init throws, or with the handle after libtiff is done with it (so not handed
    ///   over with `FileBytes.handOver`, which would close it twice).
    init(source: some ByteSource, path: String, limits: DecodeLimits, fileDescriptor: Int32? = nil) throws(ImageError) {
        let source = try CallbackSource(source, path: path, owning: fileDescriptor) { bytes throws(ImageError.Reason) in
            try Self.checkSignature(bytes)
        }
        reader = try ShimInput.reader(ctiff_reader_create(source.context, CallbackBytes.read, CallbackBytes.length), path: path)
        (self.source, self.path, self.limits) = (source, path, limits)
        var info = ctiff_info()
        let status = ctiff_reader_open(reader, limits.maxPixels, &info)
        self.info = info
        try check(status, while: "reading the header and first directory")
    }

    /// Refuses data that is empty or not a TIFF before libtiff sees it, so the error says
    /// so plainly rather than in libtiff's words about magic numbers.
    private static func checkSignature(_ source: some ByteSource) throws(ImageError.Reason) {
        let start = try source.read(at: 0, count: TIFFFormat.signatureLength)
        if start.isEmpty { throw .emptyFile }
        if TIFFFormat.matches(start) { return }
        if start.count < TIFFFormat.signatureLength && TIFFFormat.signatures.contains(where: { $0.starts(with: start) }) {
            throw .truncated(while: "reading the TIFF header")
        }
        throw .signatureMismatch(expected: TIFFFormat.name, signature: "does not start with II*\\0 or MM\\0*")
    }

    deinit {
        ctiff_reader_destroy(reader)
    }

    /// The Orientation tag; `.identity` when absent or out of range.
    var orientation: Orientation { Orientation(rawValue: Int(info.orientation)) ?? .identity }

    /// What the registry and the layout need, without a pixel decoded; `taken` is the
    /// file's EXIF date, which the caller reads.
    func imageInfo(taken: CaptureTime?) -> ImageInfo {
        var count = 0
        let profile = ctiff_reader_icc_profile(reader, &count).map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        return ImageInfo(
            format: TIFFFormat.name, width: Int(info.width), height: Int(info.height),
            orientation: orientation,
            hasAlpha: info.has_alpha != 0, color: profile.map(ColorDescription.icc), taken: taken
        )
    }

    /// How many warnings libtiff raised so far (unknown tags, odd but readable values), and the first one's text.
    var warnings: (count: Int, first: String?) {
        let count = Int(ctiff_reader_warning_count(reader))
        return (count, count > 0 ? String(cString: ctiff_reader_first_warning(reader)) : nil)
    }

    /// What the directory says the samples are, when no converter takes them.
    private static func unconvertible(_ info: ctiff_info) -> ImageError.Reason {
        .format(TIFFFailure.unconvertibleSamples(
            photometric: info.photometric, bitsPerSample: info.bits_per_sample, samplesPerPixel: info.samples_per_pixel,
            sampleFormat: info.sample_format, separatePlanes: info.separate_planes != 0))
    }

    /// Turns a shim status into the error users read; `stage` says what was being read.
    func check(_ status: cimage_status, while stage: String) throws(ImageError) {
        guard let failure = ShimFailure(status: status, message: String(cString: ctiff_reader_message(reader))) else { return }
        let reason: ImageError.Reason = switch status {
        // The directory was read, but names a side of 0.
        case CIMAGE_ERROR_FORMAT where info.has_directory != 0 && (info.width == 0 || info.height == 0):
            .invalidDimensions(width: UInt64(info.width), height: UInt64(info.height), maximumSide: UInt64(UInt32.max))
        case CIMAGE_ERROR_UNSUPPORTED where ctiff_reader_info(reader).pointee.unconvertible != 0:
            Self.unconvertible(ctiff_reader_info(reader).pointee)
        default: failure.reason(format: TIFFFormat.name, stage: "\(stage): \(failure.message)", size: (Int(info.width), Int(info.height)),
                                limits: limits, readFailure: source.readFailure)
        }
        throw ImageError(path: path, reason: reason)
    }
}
