import ArgumentParsing
import Layout
import Pinboard
import Raster
import SheetOutput

// The option values of a sheet are the library's own types, spelled on the command line
// by their raw values; only the Color spelling needs code of its own.

extension Placement: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension ResampleFilter: ExpressibleByArgument {}
extension SheetFormat: ExpressibleByArgument {}
extension EncodeSettings.Subsampling: ExpressibleByArgument {}
extension DeepZoomSettings.TileFormat: ExpressibleByArgument {}
extension LayoutMode.Name: ExpressibleByArgument {}
extension GridFit: ExpressibleByArgument {}
extension RowBreaks: ExpressibleByArgument {}

extension WidowStyle: ExpressibleByArgument {
    /// `center`, or `centre` as British English writes it.
    public init?(argument: String) {
        self.init(spelling: argument)
    }
}

extension CropFocus: ExpressibleByArgument {
    /// `centre`, or `center` as American English writes it.
    public init?(argument: String) {
        self.init(spelling: argument)
    }
}
extension SortKey: ExpressibleByArgument {}
extension SectionGrouping: ExpressibleByArgument {}

extension Ratio: ExpressibleByArgument {
    /// `3/2`, `1.5` or `2`: a decimal is read exactly as a fraction of a power of ten.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]),
           let ratio = try? Ratio(numerator: numerator, denominator: denominator) {
            self = ratio
            return
        }
        let decimal = argument.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1, (1...2).contains(decimal.count), decimal.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let whole = Int(decimal[0].isEmpty ? "0" : decimal[0]), whole >= 0 else { return nil }
        let fraction = decimal.count == 2 ? decimal[1] : ""
        guard fraction.count <= 6, fraction.allSatisfy(\.isNumber) else { return nil }
        var denominator = 1
        for _ in 0..<fraction.count { denominator *= 10 }
        guard let ratio = try? Ratio(numerator: whole * denominator + (Int(fraction) ?? 0), denominator: denominator) else { return nil }
        self = ratio
    }

    public static var expectation: String { "a ratio such as 3/2 or 1.5" }

    public var defaultValueDescription: String { description }
}

extension Color: ExpressibleByArgument {
    public init?(argument: String) {
        guard let color = try? Color(parsing: argument) else { return nil }
        self = color
    }

    public static var expectation: String {
        "#rgb, #rrggbb, #rrggbbaa or transparent"
    }

    /// `transparent`, `#rrggbb` when opaque, `#rrggbbaa` otherwise: the shortest spelling
    /// that parses back to the same colour.
    public var defaultValueDescription: String {
        if self == .transparent { return "transparent" }
        return isOpaque ? String(description.prefix(7)) : description
    }
}
