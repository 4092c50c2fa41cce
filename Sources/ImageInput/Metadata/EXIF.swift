/// What pinboard reads of EXIF's TIFF data: the orientation and when the photo was taken.
///
/// One reader for every format that carries EXIF (a JPEG's APP1 segment after `Exif\0\0`,
/// a WebP's EXIF chunk, a PNG's eXIf chunk, a HEIF's Exif item, a TIFF file's own
/// directories), so they agree on what a damaged record means. EXIF is written by every
/// phone and edited by many tools, some of them badly: a structure that is truncated,
/// points outside the record or carries an unknown value counts as absent, never as an
/// error.
///
/// The reader is bounded by construction: every offset is checked against the record's
/// length before it is read, an IFD is taken only when all its entries lie inside the
/// record, and exactly one pointer is followed (IFD0's to the Exif IFD, never the Exif
/// IFD's own pointers or the chain of next IFDs), so a record whose offsets point back at
/// themselves cannot make it loop.
public struct EXIF: Sendable, Hashable {
    /// IFD0's orientation tag (0x0112); nil when absent or out of 1…8.
    package var orientation: Orientation?
    /// When the photo was taken: the Exif IFD's DateTimeOriginal (0x9003) with its
    /// OffsetTimeOriginal (0x9011), else IFD0's DateTime (0x0132) with OffsetTime (0x9010);
    /// nil when neither is a valid date.
    public var taken: CaptureTime?

    package init(orientation: Orientation? = nil, taken: CaptureTime? = nil) {
        self.orientation = orientation
        self.taken = taken
    }

    /// Reads a record held in memory.
    ///
    /// - Parameter tiff: the TIFF data, starting with its byte order mark (`II` or `MM`).
    public init(tiff: some Collection<UInt8>) {
        let bytes = Array(tiff)
        // Memory does not fail to read.
        self = (try? Self.read(MemoryBytes(bytes), at: 0, length: bytes.count)) ?? EXIF()
    }

    static let orientationTag: UInt16 = 0x0112
    static let dateTimeTag: UInt16 = 0x0132
    static let exifPointerTag: UInt16 = 0x8769
    static let dateTimeOriginalTag: UInt16 = 0x9003
    static let offsetTimeTag: UInt16 = 0x9010
    static let offsetTimeOriginalTag: UInt16 = 0x9011

    /// Reads the record of `length` bytes at `base` in `source`, a few small reads: the
    /// header, IFD0, the Exif IFD and the date strings, jumping over everything else.
    ///
    /// - Parameters:
    ///   - base: where the byte order mark is; the record's offsets count from it.
    ///   - length: the record's length (a TIFF file's is the file's, `Int.max` when unknown).
    /// - Throws: only when reading fails, which says nothing about the record.
    package static func read(_ source: some ByteSource, at base: Int, length: Int) throws(ImageError.Reason) -> EXIF {
        var record = EXIFRecord(source: source, base: base, length: length)
        guard let ifd0Offset = try record.header(), let ifd0 = try record.entries(at: ifd0Offset) else { return EXIF() }
        var exif = EXIF()
        if let entry = ifd0[orientationTag] {
            exif.orientation = record.integer(entry).flatMap(Orientation.init(rawValue:))
        }
        var original: (date: String?, offset: String?) = (nil, nil)
        if let pointer = ifd0[exifPointerTag].flatMap(record.integer), pointer != ifd0Offset,
           let exifIFD = try record.entries(at: pointer) {
            original = (try exifIFD[dateTimeOriginalTag].flatMap(record.text), try exifIFD[offsetTimeOriginalTag].flatMap(record.text))
            if let offset = try exifIFD[offsetTimeTag].flatMap(record.text), original.date == nil {
                original.offset = offset
            }
        }
        exif.taken = original.date.flatMap { CaptureTime(exif: $0, offset: original.offset) }
        if exif.taken == nil, let dateTime = try ifd0[dateTimeTag].flatMap(record.text) {
            exif.taken = CaptureTime(exif: dateTime, offset: original.offset)
        }
        return exif
    }
}
