import ImageInput
#if canImport(Glibc)
import Glibc
#endif

/// A sheet's manifest inside a JPEG: APP11 segments right after the JFIF APP0, each
/// "pinboard:manifest\0", its 1-based sequence number, the count, then up to 65,000
/// bytes of the JSON, as ICC_PROFILE chains cut a profile. Readers that do not know the
/// segment skip it; `text(path:)` finds it again by walking the segments to the scan.
package enum JPEGManifest {
    /// APP11 (0xFFEB): APP1 is EXIF's and XMP's, APP2 the ICC profile's.
    package static let application = 11
    /// What starts each of the chain's segments.
    static let identifier: [UInt8] = Array("pinboard:manifest".utf8) + [0]
    /// The JSON each segment carries at most, leaving room under the 65,533-byte cap.
    static let pieceCapacity = 65_000
    /// A sequence number and a count are one byte each.
    static let maximumPieces = 255

    /// The payloads of the segments that carry `text`, in order.
    ///
    /// - Throws: `JPEGFailure.manifestTooLong` when 255 segments cannot hold it.
    package static func segments(carrying text: String) throws(ImageError.Reason) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        let limit = pieceCapacity * maximumPieces
        guard bytes.count <= limit else { throw .format(JPEGFailure.manifestTooLong(bytes: bytes.count, limit: limit)) }
        let count = max(1, (bytes.count + pieceCapacity - 1) / pieceCapacity)
        return (0..<count).map { index in
            let piece = bytes[min(bytes.count, index * pieceCapacity)..<min(bytes.count, (index + 1) * pieceCapacity)]
            return identifier + [UInt8(index + 1), UInt8(count)] + piece
        }
    }

    /// The manifest's JSON in the JPEG at `path`, its pieces joined in sequence order;
    /// nil when the file carries none.
    ///
    /// - Throws: `ImageError` when the file cannot be read, is not a JPEG, ends inside a
    ///   segment before the scan, or holds a broken chain.
    package static func text(path: String) throws(ImageError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        return try ImageError.naming(path) { () throws(ImageError.Reason) in
            var reader = ByteWindow(source: FileBytes(fileDescriptor: fd))
            return try text(&reader)
        }
    }

    private static let beforeScan = "reading the segments before the image data"

    private static func text(_ reader: inout ByteWindow<some ByteSource>) throws(ImageError.Reason) -> String? {
        let start = try reader.bytes(at: 0, count: 3)
        if start.isEmpty { throw .emptyFile }
        guard JPEGHeader.looksLike(firstBytes: start) else {
            throw .signatureMismatch(expected: JPEGFormat.name, signature: "does not start with FF D8 FF")
        }
        var pieces: [Int: [UInt8]] = [:]
        var declared: Int?
        var sequences: [Int] = []
        var offset = 2
        while true {
            guard try reader.byte(at: offset) == 0xFF else { throw .truncated(while: beforeScan) }
            let marker = try JPEGSegment.marker(after: &offset, in: &reader, while: beforeScan)
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            let length = try JPEGSegment.length(at: offset, of: marker, in: &reader, while: beforeScan)
            let payload = offset + 2
            let payloadLength = length - 2
            if marker == 0xE0 + UInt8(application) && payloadLength >= identifier.count + 2 {
                // A segment the file cannot hold is a cut, never a shorter piece; one that is
                // skipped instead is caught by the next marker's read past the end.
                let segment = try reader.bytes(at: payload, count: payloadLength)
                guard segment.count == payloadLength else { throw .truncated(while: beforeScan) }
                if segment.starts(with: identifier) {
                    let sequence = Int(segment[identifier.count])
                    let count = Int(segment[identifier.count + 1])
                    sequences.append(sequence)
                    if count != (declared ?? count) || sequence < 1 || sequence > count || pieces[sequence] != nil {
                        throw .format(JPEGFailure.brokenManifestChain(sequences: sequences, declared: declared ?? count))
                    }
                    declared = count
                    pieces[sequence] = Array(segment.dropFirst(identifier.count + 2))
                }
            }
            offset = payload + payloadLength
        }
        guard let declared else { return nil }
        guard pieces.count == declared else {
            throw .format(JPEGFailure.brokenManifestChain(sequences: sequences, declared: declared))
        }
        let joined = (1...declared).flatMap { pieces[$0] ?? [] }
        return String(decoding: joined, as: UTF8.self)
    }
}
