import ImageInput

/// Finds a PNG's eXIf chunk (PNG 3rd edition, 11.3.6.1) and reads it with the one EXIF
/// reader, for the date the photo was taken.
///
/// eXIf comes before the image data, so the walk stops at the first IDAT, after at most
/// `ICCProfileSearch.chunkLimit` chunk headers; only the EXIF record's directories and
/// dates are read, never the whole chunk. Damage on the way (a cut header, a length over
/// PNG's limit) counts as no EXIF: the decode reports it, as libpng sees it.
struct EXIFChunkSearch<Source: ByteSource> {
    let source: Source

    /// - Throws: only when reading fails or memory runs out, which say nothing about the file.
    func find() throws(ImageError.Reason) -> EXIF? {
        var chunks = PNGChunkWalk(source: source, offset: ImageHeader.probeLength)
        for _ in 0..<ICCProfileSearch<Source>.chunkLimit {
            let chunk: PNGChunkWalk<Source>.Chunk
            do {
                chunk = try chunks.next()
            } catch .readFailed(let code) {
                throw .readFailed(errno: code)
            } catch {
                return nil
            }
            switch chunk.type {
            case "eXIf": return try EXIF.read(source, at: chunk.offset + 8, length: chunk.length)
            case "IDAT", "IEND": return nil
            default: continue
            }
        }
        return nil
    }
}
