/// Where a PNG may be cut and still read whole: at the end of each chunk after its last
/// IDAT, before IEND ends. Such a file lacks only IEND (and perhaps ancillary chunks), and
/// pinboard reads it with a warning, as Pillow and libvips do.
package enum PNGTail {
    /// The lengths, shorter than the file, at which `bytes` ends on a chunk boundary after
    /// its image data; empty for a file that is not a PNG.
    package static func wholeImageCuts(_ bytes: [UInt8]) -> Set<Int> {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { return [] }
        var ends: [(type: String, end: Int)] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            offset += 12 + length
            ends.append((type, offset))
        }
        guard let lastIDAT = ends.lastIndex(where: { $0.type == "IDAT" }) else { return [] }
        return Set(ends[lastIDAT...].map(\.end).filter { $0 < bytes.count })
    }
}
