import Geometry
import Layout
import Testing

/// Every message names what was wrong, with the values, in the user's own words for the direction.
@Suite struct ErrorDescriptionTests {
    @Test(arguments: [
        (LayoutError.settingOutOfRange(.lanes, value: 0, allowed: 1...2_147_483_647, direction: .vertical),
         "columns must be from 1 to 2147483647, got 0"),
        (.settingOutOfRange(.laneBreadth, value: -2, allowed: 1...2_147_483_647, direction: .horizontal),
         "row height must be from 1 to 2147483647, got -2"),
        (.conflictingSizeSettings(breadth: 1200, lanes: 3, laneBreadth: 400, direction: .vertical),
         "width 1200, columns 3 and column width 400 were all given; give at most two of them, since any two decide the third"),
        (.tooNarrow(breadth: 100, lanes: 30, padding: 2, margin: 5, tileBreadth: -1, direction: .vertical),
         "too narrow: a sheet width of 100 in 30 columns with a margin of 5 and a padding of 2 leaves -1 px for the narrowest image; at least 1 is needed"),
        (.invalidSource(index: 4, size: Size(width: 0, height: 300)),
         "source 4 is 0×300; a source needs a width and a height of at least 1 px"),
        (.sheetTooLong(index: 7, size: Size(width: 1, height: 1 << 60), direction: .horizontal),
         "source 7 (1×1152921504606846976) makes the sheet's width larger than 9223372036854775807 px"),
        (.settingOutOfRange(.tolerance, value: -1, allowed: 0...2_147_483_647, direction: .vertical),
         "tolerance must be from 0 to 2147483647, got -1"),
        (.invalidRatio(numerator: 0, denominator: 2),
         "the span ratio must have both terms from 1 to 2147483647, got 0/2"),
        (.spanAllWithoutSpanWide,
         "spanning every lane needs a span ratio, to say which sources are wide enough"),
        (.verticalOnly(.labelHeight, value: 14),
         "label height 14 is only for vertical sheets; a horizontal sheet takes 0"),
        (.sourceNameCountMismatch(names: 1, sources: 2),
         "1 source names were given for a layout of 2 sources"),
    ])
    func describes(error: LayoutError, message: String) {
        #expect(error.description == message)
    }

    @Test func refusedConfigurationSaysWhy() {
        // ⌊40/20⌋ − 2·1 = 0 px per image.
        #expect {
            try LayoutConfiguration(direction: .horizontal, breadth: 40, lanes: 20, padding: 1, margin: 0)
        } throws: { error in
            "\(error)" == "too narrow: a sheet height of 40 in 20 rows with a margin of 0 and a padding of 1 "
                + "leaves 0 px for the narrowest image; at least 1 is needed"
        }
    }
}
