#if canImport(Glibc)
import Glibc
#endif
import ImageInput

/// A keyword and its text, as PNG's tEXt, zTXt and iTXt chunks carry them.
///
/// A sheet carries its manifest as one (keyword `pinboard:manifest`), so the
/// sheet alone says where every tile came from. `PNGWriter.add(text:)` writes
/// one; the `read` functions find one again by walking the chunk headers and
/// reading only the matching chunk, never the pixels: one 8-byte read per
/// chunk, a few hundred for a 200 MB sheet.
package struct PNGText: Sendable, Hashable {
    /// 1 to 79 printable Latin-1 characters, matched byte for byte.
    package var keyword: String
    package var text: String

    package init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }

    /// Finds the first text chunk with `keyword` in the PNG at `path`.
    ///
    /// ```swift
    /// let manifest = try PNGText.read(keyword: "pinboard:manifest", path: "sheet.png")?.text
    /// ```
    ///
    /// - Returns: the text, or nil when no tEXt, zTXt or iTXt chunk before IEND has
    ///   that keyword (always nil for a keyword with characters outside Latin-1).
    /// - Throws: `ImageError` naming `path` when the file cannot be read, is not a PNG,
    ///   ends before IEND, or the matching chunk is damaged (CRC, zlib data, UTF-8,
    ///   over 1 GiB inflated).
    package static func read(keyword: String, path: String) throws(ImageError) -> PNGText? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        return try read(keyword: keyword, fileDescriptor: fd, path: path)
    }

    /// Like `read(keyword:path:)` on a file the caller has open; reads with `pread`,
    /// so the descriptor's offset does not move. `path` names it in errors.
    package static func read(keyword: String, fileDescriptor: Int32, path: String) throws(ImageError) -> PNGText? {
        try TextChunkSearch(source: FileBytes(fileDescriptor: fileDescriptor), path: path)
            .find(keyword: keyword)
    }

    /// Like `read(keyword:path:)` on PNG bytes in memory; `name` stands for the path in errors.
    package static func read(keyword: String, bytes: UnsafeRawBufferPointer, name: String = "<memory>") throws(ImageError) -> PNGText? {
        try TextChunkSearch(source: MemoryBytes(bytes), path: name).find(keyword: keyword)
    }

    /// Like `read(keyword:path:)` on PNG bytes in memory; `name` stands for the path in errors.
    package static func read(keyword: String, bytes: [UInt8], name: String = "<memory>") throws(ImageError) -> PNGText? {
        // withUnsafeBytes rethrows as `any Error`; a Result keeps the error typed.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageError) in try read(keyword: keyword, bytes: buffer, name: name) }
        }
        return try result.get()
    }

    /// Every text chunk with `keyword` in the PNG at `path`, in file order: a text too long
    /// for one chunk's readers, cut across several (a sheet's manifest, `ManifestChunk`).
    ///
    /// ```swift
    /// let manifest = try PNGText.readAll(keyword: "pinboard:manifest", path: "sheet.png", totalLimit: 64 << 20)
    ///     .map(\.text).joined()
    /// ```
    ///
    /// - Parameter totalLimit: the most UTF-8 bytes the texts may hold together; a
    ///   compressed chunk is inflated only as far as what is left of it.
    /// - Returns: the texts, empty when no chunk before IEND has that keyword.
    /// - Throws: as `read(keyword:path:)`, and `PNGFailure.badText` when the texts hold
    ///   more than `totalLimit` bytes.
    package static func readAll(keyword: String, path: String, totalLimit: Int) throws(ImageError) -> [PNGText] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        return try TextChunkSearch(source: FileBytes(fileDescriptor: fd), path: path)
            .findAll(keyword: keyword, totalLimit: totalLimit)
    }

    /// `keyword` in Latin-1, the encoding PNG gives keywords; nil when a
    /// character lies outside it.
    static func latin1(keyword: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keyword.unicodeScalars.count)
        for scalar in keyword.unicodeScalars {
            guard scalar.value <= 0xFF else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }
}
