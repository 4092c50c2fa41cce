import ImageInput

/// Finds the ICC profile a PNG embeds in its iCCP chunk, for the colour step that
/// converts images to sRGB.
///
/// PNG puts iCCP before PLTE and IDAT, so the search walks the chunk headers after
/// IHDR only until the first of those, and at most `chunkLimit` of them: a probe
/// stays a few small reads even on a file of a thousand text chunks. Only the
/// iCCP chunk's data is read.
///
/// A damaged profile does not make the image unreadable: libpng warns and decodes
/// it without colour management, so the search gives its `ProfileDamage` for the
/// manifest to name. An sRGB chunk first says the image already is sRGB: nil.
struct ICCProfileSearch<Source: ByteSource> {
    let source: Source
    /// The most bytes a profile may inflate to.
    let inflateLimit: Int

    /// 16 MiB: a few times the largest profiles in use (CMYK press profiles with
    /// big lookup tables), so the cap only stops hostile data (a zlib bomb).
    static var defaultInflateLimit: Int { 16 << 20 }

    /// The most chunks looked at after IHDR.
    static var chunkLimit: Int { 64 }

    init(source: Source, inflateLimit: Int = defaultInflateLimit) {
        self.source = source
        self.inflateLimit = inflateLimit
    }

    /// The profile's bytes as embedded; why they cannot be had (name or method, broken
    /// zlib, over the limit); or nil when there is none, sRGB comes first, or the walk
    /// meets damage before it (a bad CRC), which the decode reports.
    ///
    /// - Throws: only when reading fails or memory runs out: those say nothing about
    ///   the file, and a profile dropped for them would change the sheet's colours
    ///   from one run to the next.
    func find() throws(ImageError.Reason) -> ColorDescription? {
        do {
            return try walk()
        } catch .readFailed(let code) {
            throw .readFailed(errno: code)
        } catch .outOfMemory {
            throw .outOfMemory
        } catch {
            // Damage after IHDR is the decode's to report, as libpng sees it.
            return nil
        }
    }

    private func walk() throws(ImageError.Reason) -> ColorDescription? {
        var chunks = PNGChunkWalk(source: source, offset: ImageHeader.probeLength)
        for _ in 0..<Self.chunkLimit {
            let chunk = try chunks.next()
            switch chunk.type {
            case "iCCP": return try profile(in: chunks.data(of: chunk, reading: "the iCCP chunk"))
            // libpng lets the first of sRGB and iCCP decide, and ignores an iCCP after PLTE or IDAT.
            case "sRGB", "PLTE", "IDAT", "IEND": return nil
            default: continue
            }
        }
        return nil
    }

    /// Inflates the profile in iCCP data: a name of 1 to 79 bytes, its NUL,
    /// compression method 0, then the zlib stream.
    private func profile(in data: ArraySlice<UInt8>) throws(ImageError.Reason) -> ColorDescription {
        guard let nameEnd = data.prefix(80).firstIndex(of: 0), nameEnd > data.startIndex,
              data.index(after: nameEnd) < data.endIndex else {
            return .damagedProfile(.badName)
        }
        let method = data[data.index(after: nameEnd)]
        guard method == 0 else { return .damagedProfile(.compressionMethod(method)) }
        do {
            return .icc(try ZlibStream.inflate(data[(nameEnd + 2)...], limit: inflateLimit) { Array($0) })
        } catch {
            switch error {
            case .outOfMemory: throw .outOfMemory
            case .overLimit(let limit): return .damagedProfile(.overLimit(limit: limit))
            case .damaged(let message): return .damagedProfile(.brokenCompression(message))
            }
        }
    }
}
