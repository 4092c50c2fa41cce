import ImageInput

/// The two steps of a marker walk that the header probe and the manifest reader take alike:
/// the marker code after an FF, and the length of the segment it starts.
enum JPEGSegment {
    /// The marker code after the FF at `offset`, past any FF fill bytes (which may precede
    /// it in any number); `offset` is left after the code.
    ///
    /// - Throws: `.truncated(while: stage)` when the data ends first.
    static func marker(
        after offset: inout Int, in reader: inout ByteWindow<some ByteSource>, while stage: String
    ) throws(ImageError.Reason) -> UInt8 {
        var marker: UInt8 = 0xFF
        while marker == 0xFF {
            offset += 1
            guard let next = try reader.byte(at: offset) else { throw .truncated(while: stage) }
            marker = next
        }
        offset += 1
        return marker
    }

    /// The length field at `offset` of `marker`'s segment, which counts itself.
    ///
    /// - Throws: `.truncated(while: stage)` when the data ends inside it,
    ///   `JPEGFailure.badSegmentLength` when it is under 2.
    static func length(
        at offset: Int, of marker: UInt8, in reader: inout ByteWindow<some ByteSource>, while stage: String
    ) throws(ImageError.Reason) -> Int {
        let lengthBytes = try reader.bytes(at: offset, count: 2)
        guard lengthBytes.count == 2 else { throw .truncated(while: stage) }
        let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
        guard length >= 2 else { throw .format(JPEGFailure.badSegmentLength(marker: marker, length: length)) }
        return length
    }
}
