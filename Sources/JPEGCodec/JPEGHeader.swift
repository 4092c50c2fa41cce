import ImageInput
#if canImport(Glibc)
import Glibc
#endif

/// What a JPEG's markers say about the image, read without touching its entropy-coded data.
///
/// The layout engine needs each source's upright size, so probing walks the
/// markers from SOI to the frame header (SOFn): one 4 KiB read for most files,
/// a few small ones for the EXIF record's directories and dates, and one for
/// each APP2 segment or ICC profile piece beyond it (most profiles fit in the first
/// read). Segments it does not need (thumbnails, XMP) are skipped, not read.
package struct JPEGHeader: FormatHeader, Sendable, Hashable {
    /// The stored size, as the frame header gives it: before any orientation.
    package let width: Int
    package let height: Int
    /// 1 (grey), 3 (YCbCr or RGB) or 4 (CMYK or YCCK).
    package let components: Int
    package let isProgressive: Bool
    /// From the first EXIF APP1 segment before the frame header; `.identity` when there is none or it is damaged.
    package let orientation: Orientation
    /// When the photo was taken, from the same EXIF segment (see `EXIF.taken`).
    package let taken: CaptureTime?
    /// The ICC profile in the APP2 segments before the frame header, its pieces joined
    /// in sequence order; nil when there is none or its chain is broken.
    package let iccProfile: [UInt8]?

    package init(width: Int, height: Int, components: Int, isProgressive: Bool, orientation: Orientation,
                iccProfile: [UInt8]? = nil, taken: CaptureTime? = nil) {
        self.width = width
        self.height = height
        self.components = components
        self.isProgressive = isProgressive
        self.orientation = orientation
        self.iccProfile = iccProfile
        self.taken = taken
    }

    /// FF D8 FF: start of image, then a marker.
    package static let signatureLength = 3

    /// What the registry needs: the stored size, its EXIF orientation and date, the ICC profile; never alpha.
    package func imageInfo(format: String) -> ImageInfo {
        ImageInfo(format: format, width: width, height: height, orientation: orientation, hasAlpha: false,
                  color: iccProfile.map(ColorDescription.icc), taken: taken)
    }

    /// Whether data starts like a JPEG (FF D8 FF: start of image, then a marker), whatever the file's name.
    package static func looksLike(firstBytes: some Collection<UInt8>) -> Bool {
        firstBytes.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF])
    }

    /// Reads and validates the header of the JPEG at `path`.
    ///
    /// - Throws: `ImageError` naming `path` when the file cannot be read, is not a JPEG,
    ///   ends or breaks before its frame header, or exceeds `limits`.
    package static func probe(path: String, limits: DecodeLimits = .default) throws(ImageError) -> JPEGHeader {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        return try probe(FileBytes(fileDescriptor: fd), path: path, limits: limits)
    }

    /// Validates the start of a JPEG stream held in memory, up to its frame header.
    package static func parse(_ bytes: some Collection<UInt8>, path: String, limits: DecodeLimits = .default) throws(ImageError) -> JPEGHeader {
        try probe(MemoryBytes(bytes), path: path, limits: limits)
    }

    /// Reads the header from the start of `source`, up to the frame header; `path` names
    /// it in errors.
    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits = .default) throws(ImageError) -> JPEGHeader {
        try ImageError.naming(path) { () throws(ImageError.Reason) in
            var reader = ByteWindow(source: source)
            return try scanMarkers(&reader, limits: limits)
        }
    }

    private static let exifIdentifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
    private static let beforeFrame = "reading the markers before the frame header"

    private static func scanMarkers(_ reader: inout ByteWindow<some ByteSource>, limits: DecodeLimits) throws(ImageError.Reason) -> JPEGHeader {
        let start = try reader.bytes(at: 0, count: 3)
        if start.isEmpty { throw .emptyFile }
        if !looksLike(firstBytes: start) {
            throw start.count < 3 && start.elementsEqual([0xFF, 0xD8, 0xFF].prefix(start.count))
                ? .truncated(while: "reading the start of image") : .signatureMismatch(expected: JPEGFormat.name, signature: "does not start with FF D8 FF")
        }
        var offset = 2
        var exif: EXIF?
        var profile = ICCProfileChain()
        while true {
            // libjpeg skips (and warns about) junk between segments, so the probe does too.
            while true {
                guard let byte = try reader.byte(at: offset) else { throw .truncated(while: beforeFrame) }
                if byte == 0xFF { break }
                offset += 1
            }
            let marker = try JPEGSegment.marker(after: &offset, in: &reader, while: beforeFrame)
            switch marker {
            case 0x01, 0xD0...0xD7: continue  // TEM and RSTn stand alone, without a length
            // FF 00 among stray bytes is no marker: libjpeg's next_marker discards it and looks on.
            case 0x00: continue
            case 0xD8, 0xD9, 0xDA: throw .format(JPEGFailure.missingFrameHeader(foundMarker: marker))
            default: break
            }
            let length = try JPEGSegment.length(at: offset, of: marker, in: &reader, while: beforeFrame)
            let payload = offset + 2
            let payloadLength = length - 2

            if isFrameHeader(marker) {
                guard payloadLength >= 6 else { throw .format(JPEGFailure.badSegmentLength(marker: marker, length: length)) }
                let frame = try reader.bytes(at: payload, count: 6)
                guard frame.count == 6 else { throw .truncated(while: "reading the frame header") }
                let height = Int(frame[1]) << 8 | Int(frame[2])
                let width = Int(frame[3]) << 8 | Int(frame[4])
                let components = Int(frame[5])
                // A height of 0 defers to a DNL marker, which libjpeg does not support either.
                if width == 0 || height == 0 { throw .invalidDimensions(width: UInt64(width), height: UInt64(height), maximumSide: 65535) }
                if ![1, 3, 4].contains(components) { throw .format(JPEGFailure.unsupportedComponents(components)) }
                if UInt64(width) * UInt64(height) > limits.maxPixels {
                    throw .tooManyPixels(width: UInt64(width), height: UInt64(height), limit: limits.maxPixels)
                }
                return JPEGHeader(
                    width: width, height: height, components: components,
                    isProgressive: [0xC2, 0xC6, 0xCA, 0xCE].contains(marker), orientation: exif?.orientation ?? .identity,
                    iccProfile: try profile.assemble(&reader), taken: exif?.taken
                )
            }
            if marker == 0xE1 && exif == nil {
                let head = try reader.bytes(at: payload, count: min(payloadLength, exifIdentifier.count))
                if head.elementsEqual(exifIdentifier) {
                    exif = try EXIF.read(reader.source, at: payload + exifIdentifier.count, length: payloadLength - exifIdentifier.count)
                }
            }
            if marker == 0xE2 {
                let head = try reader.bytes(at: payload, count: min(payloadLength, ICCProfileChain.overhead))
                profile.add(head: head, payload: payload, payloadLength: payloadLength)
            }
            offset = payload + payloadLength
        }
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}
