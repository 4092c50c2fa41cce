import Raster

/// "Over" in real numbers, rounded once: what compositing a straight-alpha colour onto
/// another should give.
enum OverMath {
    static func over(_ source: Color, _ background: Color) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let sourceAlpha = Double(source.alpha) / 255
        let backgroundAlpha = Double(background.alpha) / 255
        let alpha = sourceAlpha + backgroundAlpha * (1 - sourceAlpha)
        func channel(_ top: UInt8, _ bottom: UInt8) -> Double {
            guard alpha > 0 else { return 0 }
            return (Double(top) * sourceAlpha + Double(bottom) * backgroundAlpha * (1 - sourceAlpha)) / alpha
        }
        return (
            channel(source.red, background.red), channel(source.green, background.green),
            channel(source.blue, background.blue), alpha * 255
        )
    }

    /// Whether `actual` is within ±1 of `source` over `background`, colour channels only
    /// counting where the result is not fully transparent.
    static func isClose(_ actual: Color, to source: Color, over background: Color) -> Bool {
        let exact = over(source, background)
        guard abs(Double(actual.alpha) - exact.alpha.rounded()) <= 1 else { return false }
        guard actual.alpha > 0 else { return true }
        return abs(Double(actual.red) - exact.red.rounded()) <= 1
            && abs(Double(actual.green) - exact.green.rounded()) <= 1
            && abs(Double(actual.blue) - exact.blue.rounded()) <= 1
    }
}
