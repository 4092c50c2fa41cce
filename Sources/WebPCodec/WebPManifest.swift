import ImageInput

/// The manifest pinboard keeps in a WebP sheet: a `PBMF` chunk of its own holding the
/// manifest's JSON, after the image data. WebP readers keep and skip chunks they do not
/// know, and XMP would ask readers of XMP to parse something that is not.
package enum WebPManifest {
    /// The chunk's FourCC: PinBoard ManiFest.
    package static let fourCC = "PBMF"

    /// The manifest's JSON in the WebP at `path`, or nil when it has none; found by
    /// walking the RIFF chunk headers, each checked against the file's size, without
    /// decoding a pixel.
    ///
    /// - Throws: `ImageError` when the file cannot be read, is not a WebP, a chunk reaches
    ///   past its end, or the chunk is not UTF-8.
    package static func text(path: String) throws(ImageError) -> String? {
        let file = try WebPRowReader.readFile(path: path)
        try ImageError.naming(path) { () throws(ImageError.Reason) in try WebPHeader.checkSignature(Array(file.prefix(12))) }
        guard let payload = try ImageError.naming(path, { () throws(ImageError.Reason) in try chunk(fourCC, in: file) }) else {
            return nil
        }
        guard let text = String(validating: payload, as: UTF8.self) else {
            throw ImageError(path: path, reason: .corrupt(format: WebPFormat.name, message: "the \(fourCC) chunk is not UTF-8"))
        }
        return text
    }

    /// The payload of the first chunk called `name` in the RIFF file `file`, nil when there is none.
    static func chunk(_ name: String, in file: [UInt8]) throws(ImageError.Reason) -> ArraySlice<UInt8>? {
        func word(at offset: Int) -> Int {
            Int(file[offset]) | Int(file[offset + 1]) << 8 | Int(file[offset + 2]) << 16 | Int(file[offset + 3]) << 24
        }
        // The RIFF size counts from byte 8; bytes past it are not the file's.
        let end = min(8 + word(at: 4), file.count)
        var offset = 12
        while offset + 8 <= end {
            let size = word(at: offset + 4)
            let start = offset + 8
            guard size <= end - start else { throw .truncated(while: "reading a chunk of \(size) bytes at offset \(offset)") }
            if file[offset..<offset + 4].elementsEqual(name.utf8) { return file[start..<start + size] }
            // Chunks are padded to an even size.
            offset = start + size + (size & 1)
        }
        return nil
    }
}
