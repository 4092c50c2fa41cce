import Geometry
import Layout
import Raster
import SheetManifest
import Text

/// The font and sizes of a sheet's title and captions, and the rows they take.
///
/// A caption line is `⌈s/4⌉` rows of gap above the text and the font's line height at the
/// caption size `s` (ascender and descender rounded up); the title uses twice the caption
/// size and section headers one and a half times it, each with a gap above and below. Both are fixed per sheet, so the layout stays
/// a pure function of the sources' sizes.
struct Lettering: Sendable {
    let font: Font
    let labelSize: Int
    let color: Color
    let labelHeight: Int
    let titleHeight: Int
    let headerHeight: Int

    var titleSize: Int { labelSize * 2 }
    /// Section headers sit between captions and the title: one and a half captions.
    var headerSize: Int { (labelSize * 3 + 1) / 2 }

    static func gap(forPixelSize size: Int) -> Int { (size + 3) / 4 }

    /// Loads the font when the options ask for captions or a title; `nil` otherwise.
    static func make(for options: SheetOptions) throws(PinboardError) -> Lettering? {
        guard options.label != .none || options.title != nil || options.grouping != nil else { return nil }
        guard let path = options.fontPath ?? Font.defaultPath else {
            throw .font(.noneFound)
        }
        do {
            let font = try Font(path: path)
            let size = options.labelSize
            let labelHeight = options.label == .none ? 0 : gap(forPixelSize: size) + (try font.lineHeight(forPixelSize: size))
            let titleHeight = options.title == nil ? 0 : 2 * gap(forPixelSize: 2 * size) + (try font.lineHeight(forPixelSize: 2 * size))
            let headerSize = (size * 3 + 1) / 2
            let headerHeight = options.grouping != nil ? 2 * gap(forPixelSize: headerSize) + (try font.lineHeight(forPixelSize: headerSize)) : 0
            return Lettering(
                font: font, labelSize: size, color: options.labelColor,
                labelHeight: labelHeight, titleHeight: titleHeight, headerHeight: headerHeight)
        } catch {
            throw .font(.unusable(error))
        }
    }

    /// The caption `text` drawn into its box, placed one gap below the box's top and
    /// `indent` pixels in from its sides (bands across the sheet line up with the tiles).
    func draw(_ text: String, pixelSize: Int, in box: Rect, indent: Int = 0) -> (pixels: TilePixels, at: Rect)? {
        let gap = Self.gap(forPixelSize: pixelSize)
        let width = box.width - 2 * indent
        guard width > 0, let caption = try? Caption(text, font: font, pixelSize: pixelSize, boxWidth: width),
              caption.advance > 0 else { return nil }
        return (caption.tile(color: color), Rect(x: box.x + indent, y: box.y + gap, width: caption.width, height: caption.height))
    }
}
