import ImageInput

extension ImageReason {
    /// Whether a recognised file whose bytes were damaged (cut short or flipped) may be
    /// refused for this: what a decoder finds in the data, never what the file system or
    /// the registry says. With `format`, a library's "corrupt" or "unsupported" must name it.
    ///
    /// The bad-input tests check failures against this rather than accepting any error,
    /// which a missing fixture (`cannotOpen`) or a misrouted file would pass.
    package func isDamage(of format: String? = nil) -> Bool {
        switch self {
        case .truncated, .format, .invalidDimensions, .tooManyPixels: true
        case .corrupt(let named, _), .unsupported(let named, _): format.map { $0 == named } ?? true
        case .cannotOpen, .isDirectory, .emptyFile, .readFailed, .changedSinceProbe, .writeFailed, .outOfMemory,
             .signatureMismatch, .unrecognised:
            false
        }
    }
}
