import ImageInput

/// A codec's row reader on bytes in memory, decoded whole with no probe first: what a
/// bad-input test puts damaged bytes through when the reader itself is under test (with
/// the probe as well, it is `SheetRead`). A test target declares its reader's once:
///
/// ```swift
/// static let decode = MemoryDecode { bytes, name, limits throws(ImageError) in
///     try TIFFRowReader(bytes: bytes, name: name, limits: limits)
/// }
/// let image = try Self.decode(bytes, name: "cut")
/// ```
package struct MemoryDecode: Sendable {
    private let open: SheetRead.Open

    /// - Parameter open: the format's row reader on bytes in memory.
    package init(_ open: @escaping SheetRead.Open) {
        self.open = open
    }

    /// Decodes `bytes` whole; `name` stands for the path in errors.
    package func callAsFunction(_ bytes: [UInt8], name: String = "mutant", limits: DecodeLimits = .default) throws(ImageError) -> RGBAImage {
        try open(bytes, name, limits).readImage()
    }
}
