/// The TIFF structure under EXIF, read piece by piece from a `ByteSource`: the header, an
/// IFD's entries, a value by its offset, each checked against the record's length first.
struct EXIFRecord<Source: ByteSource> {
    /// One IFD entry: its type, count and the four bytes that hold the value or its offset.
    struct Entry {
        let type: UInt16
        let count: UInt32
        let field: [UInt8]
    }

    let source: Source
    let base: Int
    let length: Int
    private var bigEndian = false

    /// The longest string value read: a date is 20 bytes, an offset 7.
    static var textLimit: Int { 64 }

    init(source: Source, base: Int, length: Int) {
        self.source = source
        self.base = base
        self.length = length
    }

    /// The offset of IFD0, once the byte order mark and 42 are checked; nil for data that is no TIFF header.
    mutating func header() throws(ImageError.Reason) -> Int? {
        guard let bytes = try bytes(at: 0, count: 8) else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false  // "II", Intel
        case (0x4D, 0x4D): bigEndian = true  // "MM", Motorola
        default: return nil
        }
        guard u16(bytes, 2) == 42 else { return nil }
        let offset = Int(u32(bytes, 4))
        // An IFD cannot overlap the 8-byte header.
        return offset >= 8 ? offset : nil
    }

    /// The entries of the IFD at `offset` by tag (the first of a repeated tag); nil when
    /// the IFD does not lie wholly inside the record.
    func entries(at offset: Int) throws(ImageError.Reason) -> [UInt16: Entry]? {
        guard offset >= 8, let countBytes = try bytes(at: offset, count: 2) else { return nil }
        let count = Int(u16(countBytes, 0))
        guard let table = try bytes(at: offset + 2, count: 12 * count) else { return nil }
        var entries: [UInt16: Entry] = [:]
        for index in 0..<count {
            let at = 12 * index
            let tag = u16(table, at)
            if entries[tag] == nil {
                entries[tag] = Entry(type: u16(table, at + 2), count: u32(table, at + 4), field: Array(table[(at + 8)..<(at + 12)]))
            }
        }
        return entries
    }

    /// A single SHORT or LONG value (or an IFD pointer, type 13); nil for any other type or count.
    func integer(_ entry: Entry) -> Int? {
        guard entry.count == 1 else { return nil }
        switch entry.type {
        case 3: return Int(u16(entry.field, 0))
        case 4, 13: return Int(u32(entry.field, 0))
        default: return nil
        }
    }

    /// An ASCII value up to its first NUL; nil for another type, a value over `textLimit`
    /// bytes or one outside the record.
    func text(_ entry: Entry) throws(ImageError.Reason) -> String? {
        guard entry.type == 2, entry.count > 0, entry.count <= Self.textLimit else { return nil }
        let count = Int(entry.count)
        let value: [UInt8]
        if count <= 4 {
            value = Array(entry.field.prefix(count))
        } else {
            guard let stored = try bytes(at: Int(u32(entry.field, 0)), count: count) else { return nil }
            value = stored
        }
        return String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// `count` bytes at `offset` in the record; nil when they do not all lie inside it.
    private func bytes(at offset: Int, count: Int) throws(ImageError.Reason) -> [UInt8]? {
        guard offset >= 0, count <= length, offset <= length - count else { return nil }
        let bytes = try source.read(at: base + offset, count: count)
        return bytes.count == count ? bytes : nil
    }

    private func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        let a = UInt16(bytes[at]), b = UInt16(bytes[at + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    private func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        let high = UInt32(u16(bytes, at)), low = UInt32(u16(bytes, at + 2))
        return bigEndian ? high << 16 | low : low << 16 | high
    }
}
