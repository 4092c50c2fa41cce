import PNGCodec

/// Where the header probe reads from: bytes by offset, so it can jump over
/// segments it does not need without reading them.
protocol ByteSource {
    /// Up to `count` bytes starting at `offset`; fewer only where the data ends.
    func read(at offset: Int, count: Int) throws(JPEGError.Reason) -> [UInt8]
}

/// An open file as the probe's source, its read failures worded as `JPEGError`'s.
struct FileByteSource: ByteSource {
    let file: FileBytes

    init(fileDescriptor: Int32) {
        file = FileBytes(fileDescriptor: fileDescriptor)
    }

    func read(at offset: Int, count: Int) throws(JPEGError.Reason) -> [UInt8] {
        do {
            return try file.read(at: offset, count: count)
        } catch {
            switch error {
            case .isDirectory: throw .isDirectory
            case .readFailed(let code): throw .readFailed(errno: code)
            }
        }
    }
}

/// Bytes already in memory, so tests and the in-memory decoder share the file path's parser.
struct MemoryByteSource: ByteSource {
    let bytes: [UInt8]

    func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
}

/// A window over a source, refilled in chunks, so walking a header's markers
/// costs one read for the usual few hundred bytes and a seek for each big segment.
struct ChunkedReader<Source: ByteSource> {
    let source: Source
    private var window: [UInt8] = []
    private var windowStart = 0
    static var chunkSize: Int { 4096 }

    init(source: Source) {
        self.source = source
    }

    /// The byte at `offset`, or nil past the end of the data.
    mutating func byte(at offset: Int) throws(JPEGError.Reason) -> UInt8? {
        if offset < windowStart || offset >= windowStart + window.count {
            window = try source.read(at: offset, count: Self.chunkSize)
            windowStart = offset
        }
        let index = offset - windowStart
        return index < window.count ? window[index] : nil
    }

    /// Up to `count` bytes from `offset`, served from the window when it holds them.
    mutating func bytes(at offset: Int, count: Int) throws(JPEGError.Reason) -> [UInt8] {
        if offset >= windowStart && offset + count <= windowStart + window.count {
            return Array(window[(offset - windowStart)..<(offset - windowStart + count)])
        }
        let bytes = try source.read(at: offset, count: max(count, Self.chunkSize))
        window = bytes
        windowStart = offset
        return Array(bytes.prefix(count))
    }
}
