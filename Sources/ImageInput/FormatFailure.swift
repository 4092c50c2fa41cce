/// A failure only one format can have (a PNG chunk's checksum, a JPEG segment's length),
/// declared in that format's codec and carried through the shared
/// `ImageError.Reason.format`.
///
/// The shared reason keeps what every format can meet (a cut file, a pixel limit, a read
/// that failed), so the pipeline handles those alike; a format's own structure stays in
/// its module, and adding a format adds its failures there without touching this layer.
/// A failure is a value carrying the offending numbers until its `description` words it,
/// the sentence users read after the path. Callers that care match the case through the
/// existential: `case .format(PNGFailure.checksumMismatch(let chunk, _, _))`.
///
/// `Equatable` so that a reason holding one compares as the other cases do
/// (`#expect(throws: ImageError(path:reason:))`): failures of different formats are unequal.
public protocol FormatFailure: Error, Equatable, Sendable, CustomStringConvertible {}

extension FormatFailure {
    /// Whether `other` is the same failure: of this format and equal to this one.
    package func isEqual(to other: any FormatFailure) -> Bool {
        (other as? Self) == self
    }

    /// `value` as messages spell it: "0x" and at least `digits` hex digits, upper case
    /// for bytes ("0xD9", as a JPEG marker is written) and lower case for the wider
    /// values ("0x1a2b3c4d", as a CRC is).
    package static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: digits == 2)
        return "0x" + String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}
