/// Reads the one EXIF fact pinboard needs, the orientation, from EXIF's TIFF data: a JPEG's
/// APP1 segment after `Exif\0\0`, a WebP's EXIF chunk; one parser, so they agree.
///
/// EXIF is written by every phone and edited by many tools, some of them badly:
/// any structure that is truncated, points outside the data or carries an
/// unknown value counts as no orientation, never as an error.
public enum EXIF {
    /// The orientation tag (0x0112) of IFD0, or nil when there is none or it cannot be read.
    ///
    /// - Parameter tiff: the TIFF data, starting with its byte order mark (`II` or `MM`):
    ///   what follows `Exif\0\0` in a JPEG's APP1 segment, or a WebP's EXIF chunk.
    public static func orientation(tiff: some Collection<UInt8>) -> Orientation? {
        let bytes = Array(tiff)
        if case .found(let orientation) = scan(bytes) { return orientation }
        return nil
    }

    /// What a scan of a possibly partial copy of the TIFF data found.
    public enum Scan: Equatable, Sendable {
        /// The IFD0 entries were all there: the tag's value, or nil when absent or invalid.
        case found(Orientation?)
        /// IFD0 or its entries lie beyond the bytes given: the scan needs this many.
        case needsBytes(Int)
        /// The TIFF header is not one: nothing more to read.
        case invalid
    }

    static let orientationTag: UInt16 = 0x0112

    /// What `bytes`, possibly the first part of the TIFF data, say of the orientation: a
    /// caller reading a segment in pieces learns from `needsBytes` how much more to read.
    public static func scan(_ bytes: [UInt8]) -> Scan {
        guard bytes.count >= 8 else { return .needsBytes(8) }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false  // "II", Intel
        case (0x4D, 0x4D): bigEndian = true  // "MM", Motorola
        default: return .invalid
        }
        func u16(_ at: Int) -> UInt16 {
            let a = UInt16(bytes[at]), b = UInt16(bytes[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(u16(at)) << 16 | UInt32(u16(at + 2)) : UInt32(u16(at + 2)) << 16 | UInt32(u16(at))
        }
        guard u16(2) == 42 else { return .invalid }
        let ifd = Int(u32(4))
        // IFD0 cannot overlap the 8-byte header; an offset past 64 KiB cannot be inside an APP1 segment.
        guard ifd >= 8, ifd <= 0xFFFF else { return .invalid }
        guard ifd + 2 <= bytes.count else { return .needsBytes(ifd + 2) }
        let count = Int(u16(ifd))
        let end = ifd + 2 + 12 * count
        for entry in 0..<count {
            let at = ifd + 2 + 12 * entry
            guard at + 12 <= bytes.count else { return .needsBytes(end) }
            guard u16(at) == orientationTag else { continue }
            let type = u16(at + 2)
            let value: Int? = switch type {
            case 3: Int(u16(at + 8))  // SHORT, the type EXIF prescribes
            case 4: Int(u32(at + 8))  // LONG, written by a few tools
            default: nil
            }
            return .found(value.flatMap(Orientation.init(rawValue:)))
        }
        return .found(nil)
    }
}
