import ImageInput

/// The pieces of an ICC profile that a JPEG spreads over APP2 segments, gathered while
/// the probe walks the markers and joined once it reaches the frame header.
///
/// A segment holds at most 65519 bytes of profile, so a larger one is cut into up to
/// 255 pieces, each after "ICC_PROFILE\0", its 1-based sequence number and the count.
/// Writers may store them in any order. Only where each piece lies is noted during
/// the walk, so a broken chain costs no further reads and a whole one is read once, in order.
///
/// A chain with a piece missing, twice, out of range or disagreeing on the count
/// gives nil: libjpeg-turbo's `jpeg_read_icc_profile` refuses it too, and the image
/// still decodes, only without colour management.
struct ICCProfileChain {
    /// Where one piece's profile bytes lie in the file.
    private struct Piece {
        let sequence: Int
        let offset: Int
        let length: Int
    }

    /// "ICC_PROFILE" and its NUL, which start the APP2 segments that carry a profile.
    static let identifier: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
    /// The identifier, the sequence number and the count: what precedes each piece.
    static var overhead: Int { identifier.count + 2 }

    private var pieces: [Piece] = []
    /// The count the first piece declared.
    private var count: Int?
    /// Set by the first piece that breaks the chain; later pieces cannot mend it.
    private var isBroken = false

    /// Notes the piece an APP2 segment carries, if it is one of a profile. Other APP2
    /// segments (FlashPix, MPF) are passed over, and so is one too short to hold a
    /// sequence number and count, as libjpeg-turbo does.
    ///
    /// - Parameters:
    ///   - head: the payload's first bytes, `overhead` of them where the segment has them.
    ///   - payload: where the payload starts in the file; `payloadLength` its length.
    mutating func add(head: [UInt8], payload: Int, payloadLength: Int) {
        guard head.count == Self.overhead, head.starts(with: Self.identifier) else { return }
        let sequence = Int(head[Self.identifier.count])
        let declared = Int(head[Self.identifier.count + 1])
        if declared != (count ?? declared) || sequence < 1 || sequence > declared
            || pieces.contains(where: { $0.sequence == sequence }) {
            isBroken = true
            return
        }
        count = declared
        pieces.append(Piece(sequence: sequence, offset: payload + Self.overhead, length: payloadLength - Self.overhead))
    }

    /// The profile, its pieces joined in sequence order, or nil when there is none, or
    /// the chain is broken, incomplete or empty.
    ///
    /// - Throws: when the source cannot be read.
    func assemble(_ reader: inout ByteWindow<some ByteSource>) throws(ImageError.Reason) -> [UInt8]? {
        let length = pieces.reduce(0) { $0 + $1.length }
        // Pieces with no bytes at all are no profile, as libjpeg-turbo has it.
        guard !isBroken, let count, pieces.count == count, length > 0 else { return nil }
        var profile: [UInt8] = []
        profile.reserveCapacity(length)
        for piece in pieces.sorted(by: { $0.sequence < $1.sequence }) {
            let bytes = try reader.bytes(at: piece.offset, count: piece.length)
            // The frame header lies beyond every piece, so a short read means the file changed under the probe.
            guard bytes.count == piece.length else { return nil }
            profile += bytes
        }
        return profile
    }
}
