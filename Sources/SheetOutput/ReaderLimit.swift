/// A limit a common reader sets on the PNGs it opens by default, under what the format
/// itself holds: a sheet past one is valid, yet that reader refuses it until its user
/// raises the limit. The one declaration of the readers, their limits and the checks.
public enum ReaderLimit: CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// ImageMagick under Debian's `policy.xml`: 16,384 px a side.
    case imageMagickSide
    /// Pillow's decompression-bomb error: over twice `Image.MAX_IMAGE_PIXELS`, 178,956,970 pixels.
    case pillowPixels
    /// libpng's default user limit: 1,000,000 rows (and columns).
    case libpngRows

    /// The reader that sets the limit.
    public var reader: String {
        switch self {
        case .imageMagickSide: "ImageMagick"
        case .pillowPixels: "Pillow"
        case .libpngRows: "libpng"
        }
    }

    /// The largest value the reader takes, in the unit of `isExceeded`.
    public var limit: Int {
        switch self {
        case .imageMagickSide: 16_384
        case .pillowPixels: 178_956_970
        case .libpngRows: 1_000_000
        }
    }

    /// Whether a sheet of `width` × `height` pixels is past the limit.
    public func isExceeded(width: Int, height: Int) -> Bool {
        switch self {
        case .imageMagickSide, .libpngRows:
            return max(width, height) > limit
        case .pillowPixels:
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            return overflow || pixels > limit
        }
    }

    /// The tallest sheet of `width` pixels the reader opens: the height a board split into
    /// pages should keep to; nil when no height does, the width alone being past the limit.
    public func maxHeight(width: Int) -> Int? {
        let rows = switch self {
        case .imageMagickSide, .libpngRows: width > limit ? 0 : limit
        case .pillowPixels: limit / max(width, 1)
        }
        return rows > 0 ? rows : nil
    }

    /// The limits a sheet of `width` × `height` pixels is past, in declaration order.
    public static func exceeded(width: Int, height: Int) -> [ReaderLimit] {
        allCases.filter { $0.isExceeded(width: width, height: height) }
    }

    /// The limit in words: "ImageMagick (16384 px a side under Debian's policy)".
    public var description: String {
        switch self {
        case .imageMagickSide: "\(reader) (\(limit) px a side under Debian's policy)"
        case .pillowPixels: "\(reader) (\(limit) pixels)"
        case .libpngRows: "\(reader) (\(limit) rows by default)"
        }
    }
}
