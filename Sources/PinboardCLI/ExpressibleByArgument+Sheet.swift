import Layout
import Raster

// The option values of a sheet are the library's own types, spelled on the command line
// by their raw values; only the Color spelling needs code of its own.

extension Placement: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension ResampleFilter: ExpressibleByArgument {}

extension Color: ExpressibleByArgument {
    init?(argument: String) {
        guard let color = try? Color(parsing: argument) else { return nil }
        self = color
    }

    static var expectation: String {
        "#rgb, #rrggbb, #rrggbbaa or transparent"
    }

    /// `transparent`, `#rrggbb` when opaque, `#rrggbbaa` otherwise: the shortest spelling
    /// that parses back to the same colour.
    var defaultValueDescription: String {
        if self == .transparent { return "transparent" }
        return isOpaque ? String(description.prefix(7)) : description
    }
}
