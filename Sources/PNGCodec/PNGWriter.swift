import CPNG
import Geometry
import ImageInput
#if canImport(Glibc)
import Glibc
#endif

/// Writes a PNG row by row, so a sheet far larger than memory can be encoded
/// while it is being composed.
///
/// The caller pushes rows in order (any number at a time) and calls `finish()`
/// after the last one. Rows are 8-bit RGB or straight-alpha RGBA. Texts added
/// with `add(text:)` at any point go after the image data, before IEND.
///
/// Deflate is most of the cost of writing a sheet at zlib's levels, so the image
/// data is cut into segments of about 1 MiB of filtered rows that are deflated
/// independently, each primed with the 32 KiB before it, on `threads` worker
/// threads (the technique of pigz), with zlib or ISA-L alike. The cuts depend only on the width, so the file is the
/// same byte for byte whatever the thread count, and within a fraction of a
/// percent of one unbroken stream in size. Memory stays at about `threads + 2`
/// segments whatever the height: `write` returns once the rows are filtered into the
/// encoder's own buffers, and waits while every segment is still being deflated.
package final class PNGWriter: ShimRowWriter {
    /// Where the bytes go; the name is what errors report.
    package enum Destination: Sendable {
        /// Created or truncated, with mode 0644; closed by `finish()`.
        case path(String)
        /// An open descriptor the caller keeps owning (stdout, a pipe, a temporary file).
        case fileDescriptor(Int32, name: String)
    }

    package let width: Int
    package let height: Int
    package let channels: ChannelLayout
    package let name: String
    package let stream: ShimRowStream

    private let writer: OpaquePointer
    private var ownedDescriptor: Int32?

    /// Opens the destination and prepares the encoder; the PNG header is written
    /// with the first image data, so every write error comes from `write` or `finish`.
    ///
    /// - Parameters:
    ///   - compression: deflate level 0 (store, fastest) to 9 (smallest). Level 1
    ///     writes literals and runs of one byte under Huffman codes made for each
    ///     segment, as fpnge does (on photographs smaller than igzip's level 1 and
    ///     2.4 times as fast; see `cpng_runlength.h`), levels 2-3 deflate with Intel
    ///     ISA-L's igzip (smaller than zlib's and several times faster), 0 and 4-9
    ///     with zlib. Level 0 also skips row filtering; the
    ///     others choose a filter per row.
    ///   - threads: how many threads deflate. 1 deflates on the calling thread and
    ///     starts none; more start that many workers (at most 64, and no more than
    ///     the image has segments). The bytes written do not depend on it.
    /// - Throws: `ImageError` naming the destination when it cannot be opened or
    ///   the encoder's memory cannot be had.
    package init(
        to destination: Destination, width: Int, height: Int, channels: ChannelLayout, compression: Int = 6, threads: Int = 1
    ) throws(ImageError) {
        precondition((1...0x7FFF_FFFF).contains(width) && (1...0x7FFF_FFFF).contains(height), "PNG sides are 1 to 2^31-1")
        precondition((0...9).contains(compression), "compression is a zlib level, 0 to 9")
        precondition(threads >= 1, "threads is at least 1")
        self.width = width
        self.height = height
        self.channels = channels
        let fd: Int32
        switch destination {
        case .path(let path):
            name = path
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
            ownedDescriptor = fd
        case .fileDescriptor(let descriptor, let name):
            self.name = name
            fd = descriptor
        }
        guard let writer = cpng_writer_create(fd) else {
            if let ownedDescriptor { close(ownedDescriptor) }
            throw ImageError(path: name, reason: .outOfMemory)
        }
        self.writer = writer
        stream = ShimRowStream(
            name: name, height: height, bytesPerRow: width * channels.rawValue, writer: writer,
            writeRows: cpng_writer_write_rows, message: cpng_writer_message, errno: cpng_writer_errno, encoderFailure: PNGFailure.encodeFailed,
            endsStream: { status in
                // Data went missing from the stream: no later call may look as if it worked.
                status == CIMAGE_ERROR_IO || status == CIMAGE_ERROR_MEMORY
            })
        try stream.check(cpng_writer_start(
            writer, UInt32(width), UInt32(height), Int32(channels.rawValue), Int32(compression),
            Int32(min(threads, Int(CPNG_WRITER_MAX_THREADS)))
        ))
    }

    deinit {
        cpng_writer_destroy(writer)
        if let ownedDescriptor { close(ownedDescriptor) }
    }

    /// Adds a text to be written as a compressed iTXt chunk between the image data
    /// and the end of the PNG, after any text added before it.
    ///
    /// Allowed any time before `finish()`, so a manifest completed only by the
    /// last row (sources that failed while rendering are in it) can still go in.
    /// The text is compressed (zlib level 9) and validated now; the writer keeps
    /// only the compressed copy.
    ///
    /// - Throws: `PNGFailure.badText` when the keyword is not 1 to 79
    ///   printable Latin-1 characters (no NUL, no leading, trailing or doubled
    ///   spaces) or the text is over 1 GiB of UTF-8; the writer stays usable.
    ///   `.outOfMemory` or `PNGFailure.encodeFailed` when the text could not be compressed,
    ///   after which every later call throws the same error.
    package func add(text: PNGText) throws(ImageError) {
        try stream.throwIfEnded()
        func bad(_ problem: String) -> ImageError {
            ImageError(path: name, reason: .format(PNGFailure.badText(chunk: "iTXt", keyword: text.keyword, problem: problem)))
        }
        guard let keyword = PNGText.latin1(keyword: text.keyword) else { throw bad("keyword has a character outside Latin-1") }
        // C sees the keyword up to its first NUL, so one inside must be caught here.
        if let position = keyword.firstIndex(of: 0) { throw bad("keyword byte \(position) is NUL, which would end it") }
        var utf8 = text.text
        let status = (keyword + [0]).withUnsafeBytes { keywordBytes in
            utf8.withUTF8 { textBytes in
                cpng_writer_add_text(
                    writer, keywordBytes.baseAddress?.assumingMemoryBound(to: CChar.self), textBytes.baseAddress, textBytes.count
                )
            }
        }
        if status == CIMAGE_ERROR_ARGUMENT { throw bad(String(cString: cpng_writer_message(writer))) }
        try stream.check(status)
    }

    /// Waits for the last segments, writes them, the added texts and the end of the
    /// PNG; closes the file when the writer opened it.
    package func finish() throws(ImageError) {
        try stream.throwIfEnded()
        precondition(rowsWritten == height, "finish() comes after the last row")
        try stream.check(cpng_writer_finish(writer))
        if let fd = ownedDescriptor {
            ownedDescriptor = nil
            if close(fd) != 0 { throw ImageError(path: name, reason: .writeFailed(errno: errno)) }
        }
    }
}
