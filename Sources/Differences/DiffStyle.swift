import Raster

/// How a diff image is drawn (`pinboard diff --diff-color`, `--aa-color`, `--diff-mask`,
/// `--diff-fade`): the colours of changed and anti-aliased pixels, how far the unchanged
/// pixels are faded, or only the changed pixels on transparent (pixelmatch's `diffMask`).
///
/// Every diff image pinboard draws (the diff sheet, a plain pair's, the HTML report's
/// crops) paints its rows through one style, so they look alike.
///
/// ```swift
/// var style = DiffStyle()
/// style.changedColor = Color(red: 255, green: 0, blue: 0)   // pixelmatch's diffColor
/// style.fade = 0.9                                           // pixelmatch's alpha 0.1, near enough
/// ```
public struct DiffStyle: Sendable, Hashable {
    /// Changed pixels; `DiffPaint.changedColor` unless given.
    public var changedColor = DiffPaint.changedColor
    /// Pixels that differ by anti-aliasing only; `DiffPaint.antialiasedColor` unless given.
    public var antialiasedColor = DiffPaint.antialiasedColor
    /// How far the unchanged pixels are faded towards white, 0 (as in B) to 1 (white); nil
    /// for pinboard's own look: 3/4 of the way, but the tiles of a diff sheet that are
    /// marked drawn as they are, so their changes are seen against the real pixels.
    public var fade: Double?
    /// Only the changed pixels, on transparent: no background, no anti-aliased pixels,
    /// hatching or frames, as pixelmatch's `diffMask` draws.
    public var mask = false

    /// The fades `fade` may be.
    package static let fades: ClosedRange<Double> = 0...1

    public init() {}

    /// How far pinboard's own look fades unchanged pixels, in thousandths.
    static let defaultFade = 750

    /// Draws the pixels at `columns` of `row` as the ground the changes are painted on:
    /// transparent for a mask, otherwise over white and faded by `fade`.
    ///
    /// - Parameter marked: Whether they belong to a diff sheet's tile that is marked (changed,
    ///   added, resized), which pinboard's own look leaves unfaded.
    package func ground(_ row: UnsafeMutableRawBufferPointer, columns: Range<Int>, marked: Bool = false) {
        guard !mask else {
            UnsafeMutableRawBufferPointer(rebasing: row[columns.lowerBound * 4..<columns.upperBound * 4]).initializeMemory(as: UInt8.self, repeating: 0)
            return
        }
        let thousandths = fade.map { Int(($0 * 1000).rounded()) } ?? (marked ? 0 : Self.defaultFade)
        DiffPaint.fade(row, columns: columns, thousandths: thousandths)
    }

    /// Paints the changed pixels of a mask row in `changedColor` and, unless this is a mask,
    /// the anti-aliased ones in `antialiasedColor`, the mask rows' pixel 0 at column `x`.
    package func paint(
        _ row: UnsafeMutableRawBufferPointer, changes: UnsafeBufferPointer<UInt64>, antialiased: UnsafeBufferPointer<UInt64>?,
        at x: Int, count: Int
    ) {
        DiffPaint.highlight(row, changes: changes, at: x, count: count, color: changedColor)
        if let antialiased, !mask {
            DiffPaint.highlight(row, changes: antialiased, at: x, count: count, color: antialiasedColor)
        }
    }

    /// Whether the image it draws has pixels that are not opaque: a mask, or a colour that
    /// is not opaque; it is then stored with its alpha.
    package var hasTransparency: Bool {
        mask || changedColor.alpha < 255 || antialiasedColor.alpha < 255
    }

    /// Whether hatching and frames are drawn: not on a mask.
    package var marksAreas: Bool { !mask }
}
