/// The colour type byte of IHDR, with the bit depths the PNG specification allows for each.
package enum PNGColorType: UInt8, Sendable, CaseIterable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    package var allowedBitDepths: [UInt8] {
        switch self {
        case .gray: [1, 2, 4, 8, 16]
        case .palette: [1, 2, 4, 8]
        case .rgb, .grayAlpha, .rgba: [8, 16]
        }
    }

    /// Whether each pixel carries its own alpha sample (a tRNS chunk can add
    /// transparency to the other types, but only the full decode sees it).
    package var hasAlphaChannel: Bool { self == .grayAlpha || self == .rgba }
}
