import Geometry
import Layout

extension MasonryArrangement {
    /// A masonry arrangement from the shared sizes and masonry's settings in one call, as the
    /// worked examples write them.
    init(
        direction: Direction = .vertical, breadth: Int? = nil, lanes: Int? = nil, laneBreadth: Int? = nil,
        padding: Int = LayoutConfiguration.defaultPadding, margin: Int = LayoutConfiguration.defaultMargin,
        placement: Placement = .shortest, tolerance: Int = 0, spanWide: Ratio? = nil, spanAll: Bool = false,
        titleHeight: Int = 0, labelHeight: Int = 0, sectionHeaderHeight: Int = 0
    ) throws(LayoutError) {
        try self.init(
            configuration: LayoutConfiguration(
                direction: direction, breadth: breadth, lanes: lanes, laneBreadth: laneBreadth, padding: padding,
                margin: margin, titleHeight: titleHeight, labelHeight: labelHeight, sectionHeaderHeight: sectionHeaderHeight),
            settings: MasonrySettings(placement: placement, tolerance: tolerance, spanWide: spanWide, spanAll: spanAll))
    }
}
