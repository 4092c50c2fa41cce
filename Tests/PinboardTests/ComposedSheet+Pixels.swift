import Geometry
import Pinboard
import SheetManifest
import SheetOutput
import TestSupport

/// The sheet's pixels in the form PNG decoders give, for comparing with files and other sheets.
extension ComposedSheet {
    /// Every pixel as straight RGBA, alpha 255 on an RGB sheet: what a PNG decoder gives back.
    var rgbaPixels: [UInt8] {
        format == .rgb ? RGBA.opaque(fromRGB: pixels) : pixels
    }

    /// How the sheet's pixels differ from `other`'s straight RGBA pixels (a decoded PNG, or
    /// another sheet's `rgbaPixels`): how many differ and the first, or `nil` when none does.
    func difference(from other: [UInt8]) -> String? {
        Self.difference(rgbaPixels, other, width: width)
    }

    private static func difference(_ actual: [UInt8], _ expected: [UInt8], width: Int) -> String? {
        guard actual.count == expected.count else {
            return "\(actual.count / 4) pixels, expected \(expected.count / 4)"
        }
        guard actual != expected else { return nil }
        var count = 0
        var first: Int?
        for pixel in 0..<actual.count / 4
        where (0..<4).contains(where: { actual[pixel * 4 + $0] != expected[pixel * 4 + $0] }) {
            count += 1
            if first == nil { first = pixel }
        }
        guard let first else { return nil }
        let x = first % width
        let y = first / width
        return "\(count) pixels differ, first (\(x), \(y)): \(Array(actual[first * 4..<first * 4 + 4])) "
            + "instead of \(Array(expected[first * 4..<first * 4 + 4]))"
    }
}
