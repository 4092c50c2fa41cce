import Geometry


/// Why a layout could not be made, with the values that were at fault.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A setting lies outside the values the layout accepts.
    case settingOutOfRange(LayoutSetting, value: Int, allowed: ClosedRange<Int>, direction: Direction)
    /// The sheet's breadth, the lane count and the lane breadth were all given, but any two
    /// of them decide the third.
    case conflictingSizeSettings(breadth: Int, lanes: Int, laneBreadth: Int, direction: Direction)
    /// The lanes are too narrow to leave even one pixel for an image once the margin and
    /// the padding are taken away; `tileBreadth` is what the narrowest lane would leave.
    case tooNarrow(breadth: Int, lanes: Int, padding: Int, margin: Int, tileBreadth: Int, direction: Direction)
    /// The source at `index` has no width or no height.
    case invalidSource(index: Int, size: Size)
    /// Placing the source at `index` would make the sheet longer than an `Int` can say.
    case sheetTooLong(index: Int, size: Size, direction: Direction)
    /// A setting that only vertical sheets have was given for a horizontal one: a caption
    /// line or a title band would need the text turned on its side.
    case verticalOnly(LayoutSetting, value: Int)
    /// A span ratio was given with a term below 1 or above `2³¹ − 1`.
    case invalidRatio(numerator: Int, denominator: Int)
    /// Spanning every lane was asked for without the ratio that says which sources span.
    case spanAllWithoutSpanWide
    /// Balanced placement was asked for with a span ratio: it splits the sources into lanes in
    /// order, one run a lane, and a source spanning two lanes would belong to both runs.
    case balancedWithSpans(spanWide: Ratio, direction: Direction)
    /// A grid was given a cell width and a lane (column) breadth, each of which decides the columns.
    case cellWidthWithLaneBreadth(cellWidth: Int, laneBreadth: Int)
    /// A manifest was asked for with a different number of names than the layout has sources.
    case sourceNameCountMismatch(names: Int, sources: Int)
    /// A manifest was asked for with a different number of section names than the layout has sections.
    case sectionNameCountMismatch(names: Int, sections: Int)
    /// The first section starts at source `start` instead of source 0.
    case firstSectionNotAtZero(start: Int)
    /// Section `section` starts at source `start`, which is not after the start of the section
    /// before it, `previous`.
    case sectionStartsNotIncreasing(section: Int, start: Int, previous: Int)
    /// Section `section` starts at source `start`, but there are only `sources` sources, so it
    /// would be empty.
    case sectionStartOutOfRange(section: Int, start: Int, sources: Int)
    /// Levelling the bottom crops tiles in columns; a horizontal board has rows.
    case evenBottomNeedsVerticalLanes
    /// Levelling the bottom is defined for tiles in one lane each, not for spanning ones.
    case evenBottomWithSpanningTiles
    /// Levelling the bottom crops masonry's columns; justified rows and grids have none.
    case evenBottomNeedsMasonry
    /// Justified rows and grid cells run across a vertical sheet's width; a horizontal
    /// sheet was configured.
    case rowsNeedVerticalSheet
    /// A justified row tolerance outside 0…1.
    case rowToleranceOutOfRange(Double)
    /// The justified row from source `first` holds `images` images but, its spacing taken
    /// away, only `width` px: less than one per image.
    case rowTooCrowded(first: Int, images: Int, width: Int)

    public var description: String {
        switch self {
        case let .settingOutOfRange(setting, value, allowed, direction):
            return "\(setting.name(in: direction)) must be from \(allowed.lowerBound) to \(allowed.upperBound), got \(value)"
        case let .conflictingSizeSettings(breadth, lanes, laneBreadth, direction):
            return "\(LayoutSetting.breadth.name(in: direction)) \(breadth), "
                + "\(LayoutSetting.lanes.name(in: direction)) \(lanes) and "
                + "\(LayoutSetting.laneBreadth.name(in: direction)) \(laneBreadth) were all given; "
                + "give at most two of them, since any two decide the third"
        case let .tooNarrow(breadth, lanes, padding, margin, tileBreadth, direction):
            return "too narrow: a sheet \(direction.breadthName) of \(breadth) in \(lanes) \(LayoutSetting.lanes.name(in: direction)) "
                + "with a margin of \(margin) and a padding of \(padding) leaves \(tileBreadth) px for the narrowest image; "
                + "at least 1 is needed"
        case let .invalidSource(index, size):
            return "source \(index) is \(size); a source needs a width and a height of at least 1 px"
        case let .sheetTooLong(index, size, direction):
            return "source \(index) (\(size)) makes the sheet's \(direction.lengthName) "
                + "larger than \(Int.max) px"
        case .evenBottomWithSpanningTiles:
            return "an even bottom cannot be combined with images spanning lanes (--span-wide) yet"
        case .evenBottomNeedsMasonry:
            return "an even bottom needs the masonry layout: justified rows and grid cells already end level"
        case .rowsNeedVerticalSheet:
            return "justified rows and grids run across the sheet's width; a horizontal sheet cannot have them"
        case let .rowToleranceOutOfRange(tolerance):
            return "the row tolerance must be from 0 to 1, got \(tolerance)"
        case let .rowTooCrowded(first, images, width):
            return "the row from source \(first) holds \(images) images in \(width) px once the padding between them "
                + "is taken away; each needs at least 1 px, so use less padding or a wider sheet"
        case .evenBottomNeedsVerticalLanes:
            return "an even bottom needs a vertical board: a horizontal board's rows end on the right"
        case let .verticalOnly(setting, value):
            return "\(setting.name(in: .vertical)) \(value) is only for vertical sheets; a horizontal sheet takes 0"
        case let .invalidRatio(numerator, denominator):
            return "the span ratio must have both terms from 1 to \(LayoutConfiguration.largestSetting), "
                + "got \(numerator)/\(denominator)"
        case .spanAllWithoutSpanWide:
            return "spanning every lane needs a span ratio, to say which sources are wide enough"
        case let .balancedWithSpans(spanWide, direction):
            return "balanced placement splits the images into \(direction.laneName)s in order, one run each, so images "
                + "cannot span \(direction.laneName)s; a span ratio of \(spanWide) was given with it"
        case let .cellWidthWithLaneBreadth(cellWidth, laneBreadth):
            return "a cell width of \(cellWidth) and a column width of \(laneBreadth) were both given; "
                + "a grid's column is its cell and the padding, so give one of them"
        case let .sourceNameCountMismatch(names, sources):
            return "\(names) source names were given for a layout of \(sources) sources"
        case let .sectionNameCountMismatch(names, sections):
            return "\(names) section names were given for a layout of \(sections) sections"
        case let .firstSectionNotAtZero(start):
            return "the first section must start at source 0, got \(start)"
        case let .sectionStartsNotIncreasing(section, start, previous):
            return "section \(section) starts at source \(start), not after section \(section - 1)'s start \(previous); "
                + "section starts must increase"
        case let .sectionStartOutOfRange(section, start, sources):
            return "section \(section) starts at source \(start), but there are \(sources) sources; "
                + "every section needs at least one"
        }
    }
}
