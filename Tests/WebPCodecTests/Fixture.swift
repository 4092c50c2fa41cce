import TestSupport

/// `Fixtures/webp/` and its Pillow goldens.
enum Fixture: FormatFixtures {
    static let folder = "webp"

    /// Fully transparent pixels as 0,0,0,0, as the goldens store them: their colour is not shown.
    static func zeroingTransparent(_ pixels: [UInt8]) -> [UInt8] {
        var result = pixels
        for index in Swift.stride(from: 0, to: result.count, by: 4) where result[index + 3] == 0 {
            result[index] = 0
            result[index + 1] = 0
            result[index + 2] = 0
        }
        return result
    }
}
