/// A window over a source, refilled in chunks, so walking a header's segments or blocks
/// costs one read for the usual few hundred bytes and a seek for each big segment, not a
/// read per field: what the JPEG marker walk and the GIF block walk read through.
package struct ByteWindow<Source: ByteSource> {
    package let source: Source
    private var window: [UInt8] = []
    private var windowStart = 0
    package static var chunkSize: Int { 4096 }

    package init(source: Source) {
        self.source = source
    }

    /// The byte at `offset`, or nil past the end of the data.
    package mutating func byte(at offset: Int) throws(ImageError.Reason) -> UInt8? {
        if offset < windowStart || offset >= windowStart + window.count {
            window = try source.read(at: offset, count: Self.chunkSize)
            windowStart = offset
        }
        let index = offset - windowStart
        return index < window.count ? window[index] : nil
    }

    /// Up to `count` bytes from `offset`, served from the window when it holds them.
    package mutating func bytes(at offset: Int, count: Int) throws(ImageError.Reason) -> [UInt8] {
        if offset >= windowStart && offset + count <= windowStart + window.count {
            return Array(window[(offset - windowStart)..<(offset - windowStart + count)])
        }
        window = try source.read(at: offset, count: max(count, Self.chunkSize))
        windowStart = offset
        return Array(window.prefix(count))
    }
}
