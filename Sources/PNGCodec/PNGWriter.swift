import CPNG
#if canImport(Glibc)
import Glibc
#endif

/// Writes a PNG row by row, so a sheet far larger than memory can be encoded
/// while it is being composed.
///
/// The caller pushes rows in order (any number at a time) and calls `finish()`
/// after the last one. Rows are 8-bit RGB or straight-alpha RGBA.
public final class PNGWriter {
    /// Where the bytes go; the name is what errors report.
    public enum Destination: Sendable {
        /// Created or truncated, with mode 0644; closed by `finish()`.
        case path(String)
        /// An open descriptor the caller keeps owning (stdout, a pipe, a temporary file).
        case fileDescriptor(Int32, name: String)
    }

    public enum Channels: Int, Sendable {
        case rgb = 3
        case rgba = 4
    }

    public let width: Int
    public let height: Int
    public let channels: Channels
    public let name: String
    public private(set) var rowsWritten = 0

    private let writer: OpaquePointer
    private var ownedDescriptor: Int32?

    /// Opens the destination and writes the PNG header.
    ///
    /// - Parameters:
    ///   - compression: zlib level 0 (store, fastest) to 9 (smallest).
    /// - Throws: `CodecError` naming the destination when it cannot be opened or written.
    public init(to destination: Destination, width: Int, height: Int, channels: Channels, compression: Int = 6) throws(CodecError) {
        precondition((1...0x7FFF_FFFF).contains(width) && (1...0x7FFF_FFFF).contains(height), "PNG sides are 1 to 2^31-1")
        precondition((0...9).contains(compression), "compression is a zlib level, 0 to 9")
        self.width = width
        self.height = height
        self.channels = channels
        let fd: Int32
        switch destination {
        case .path(let path):
            name = path
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if fd < 0 { throw CodecError(path: path, reason: .cannotOpen(errno: errno)) }
            ownedDescriptor = fd
        case .fileDescriptor(let descriptor, let name):
            self.name = name
            fd = descriptor
        }
        guard let writer = cpng_writer_create(fd) else {
            if let ownedDescriptor { close(ownedDescriptor) }
            throw CodecError(path: name, reason: .outOfMemory)
        }
        self.writer = writer
        try check(cpng_writer_start(writer, UInt32(width), UInt32(height), Int32(channels.rawValue), Int32(compression)))
    }

    deinit {
        cpng_writer_destroy(writer)
        if let ownedDescriptor { close(ownedDescriptor) }
    }

    public var bytesPerRow: Int { width * channels.rawValue }

    /// Appends `count` rows read from `source`, `stride` bytes apart.
    ///
    /// - Throws: `CodecError.Reason.writeFailed` with the system's reason (a closed pipe,
    ///   a full disk); the writer cannot be used after that.
    public func write(rows source: UnsafeRawBufferPointer, stride: Int, count: Int) throws(CodecError) {
        precondition(count >= 0 && rowsWritten + count <= height, "cannot write past the last row")
        precondition(stride >= bytesPerRow && (count == 0 || source.count >= stride * (count - 1) + bytesPerRow),
                      "source too small for the rows given")
        guard count > 0, let base = source.baseAddress else { return }
        try check(cpng_writer_write_rows(writer, base.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)))
        rowsWritten += count
    }

    /// Writes the end of the PNG and flushes it; closes the file when the writer opened it.
    public func finish() throws(CodecError) {
        precondition(rowsWritten == height, "finish() comes after the last row")
        try check(cpng_writer_finish(writer))
        if let fd = ownedDescriptor {
            ownedDescriptor = nil
            if close(fd) != 0 { throw CodecError(path: name, reason: .writeFailed(errno: errno)) }
        }
    }

    private func check(_ status: cpng_status) throws(CodecError) {
        guard status != CPNG_OK else { return }
        let reason: CodecError.Reason = switch status {
        case CPNG_ERROR_IO: .writeFailed(errno: cpng_writer_errno(writer))
        case CPNG_ERROR_MEMORY: .outOfMemory
        default: .corrupt(String(cString: cpng_writer_message(writer)))
        }
        throw CodecError(path: name, reason: reason)
    }
}
