/// Bounds a decode is allowed to reach, checked from the header before any pixel memory exists.
public struct DecodeLimits: Sendable, Equatable {
    /// The largest width × height accepted; a 100000×100000 IHDR is refused in microseconds.
    public var maxPixels: UInt64

    public init(maxPixels: UInt64 = DecodeLimits.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    /// 2^28 pixels: 1 GiB of RGBA, more than any photo or screenshot needs.
    public static let defaultMaxPixels: UInt64 = 1 << 28
    public static let `default` = DecodeLimits()
}
