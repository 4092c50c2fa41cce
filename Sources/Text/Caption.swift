import CFreeType
import Raster

/// One line of text laid out in a box of a fixed width and rendered to 8-bit coverage: the
/// name under a tile.
///
/// Text that does not fit is cut after the last whole character (grapheme cluster) that
/// leaves room for "…", so an accent is never parted from its letter nor an emoji from its
/// modifiers. Glyphs are placed one after another by their advances, left to right in the
/// order the text stores them, without kerning, shaping or bidirectional reordering: every
/// name renders, right-to-left scripts in logical order. Characters the font lacks show as
/// its .notdef box, as do control characters; invisible format characters the font lacks
/// (joiners, variation selectors, direction marks) are skipped.
///
/// Every pixel of coverage lies inside the box: glyph bitmaps that reach past it, such as a
/// stacked accent above the ascender or an overhang at the last letter, are clipped.
///
/// A caption is turned into a premultiplied tile with `tile(color:)` and drawn with
/// `Band.composite(_:at:)` like any tile, so Raster needs to know nothing about text and a
/// caption across two bands draws as a tile does.
package struct Caption: Hashable, Sendable {
    /// What ends a cut caption.
    package static let ellipsis = "…"

    /// The text drawn: the whole of it, or the kept characters followed by `ellipsis`
    /// (empty when the box is narrower than the ellipsis itself).
    package let text: String
    /// Whether the text was cut to fit.
    package let isTruncated: Bool
    /// The box width in pixels.
    package let width: Int
    /// The box height: the font's line height at the caption's size.
    package let height: Int
    /// The row of the baseline, counted from the box's top: the font's ascent.
    package let baseline: Int
    /// How far the drawn glyphs advance, in pixels rounded up; never more than `width`.
    package let advance: Int
    /// `width × height` coverage values, rows top to bottom, 0 nothing to 255 full.
    package let coverage: [UInt8]

    /// Lays out and renders `text` at `pixelSize` px per em in a box `boxWidth` px wide.
    ///
    /// - Parameters:
    ///   - text: The caption, normally a file name; bytes that were not UTF-8 should reach
    ///     here already replaced by U+FFFD, as `String(decoding:as:)` does.
    ///   - font: The face to draw with.
    ///   - pixelSize: The font size in pixels per em.
    ///   - boxWidth: The width the caption must stay inside.
    /// - Throws: `TextError.invalidSize` for a size or width under 1 px,
    ///   `TextError.cannotSetSize` when the face refuses the size, and
    ///   `TextError.cannotLoadGlyph` when a glyph and the face's .notdef both fail to load.
    package init(_ text: String, font: Font, pixelSize: Int, boxWidth: Int) throws(TextError) {
        guard pixelSize > 0, boxWidth > 0 else { throw .invalidSize(pixelSize: pixelSize, boxWidth: boxWidth) }
        let metrics = try font.metrics(forPixelSize: pixelSize)
        let path = font.path
        let height = metrics.lineHeight
        let baseline = metrics.ascent
        let laidOut = try font.withFace(pixelSize: pixelSize) { face throws(TextError) in
            // Measuring stops at the first character past the box: the cut keeps fewer still,
            // so a name of a million characters costs no more than one that just overflows.
            var clusters: [(Character, [Glyph])] = []
            var measured = 0
            var isWhole = true
            for character in text {
                guard measured <= boxWidth * 64 else {
                    isWhole = false
                    break
                }
                let glyphs = try Caption.glyphs(of: character.unicodeScalars, face: face, path: path)
                measured += glyphs.reduce(0) { $0 + $1.advance }
                clusters.append((character, glyphs))
            }
            let fitted = try Caption.fit(clusters, isWhole: isWhole, into: boxWidth * 64, face: face, path: path)
            var coverage = [UInt8](repeating: 0, count: boxWidth * height)
            var pen = 0
            for glyph in fitted.glyphs {
                try Caption.draw(glyph, at: (pen + 32) >> 6, baseline: baseline, into: &coverage, width: boxWidth, face: face, path: path)
                pen += glyph.advance
            }
            return (fitted.text, fitted.isTruncated, (pen + 63) >> 6, coverage)
        }
        self.text = laidOut.0
        isTruncated = laidOut.1
        width = boxWidth
        self.height = height
        self.baseline = baseline
        advance = laidOut.2
        coverage = laidOut.3
    }

    /// The caption in `color`, premultiplied, `width × height`: each pixel's alpha is the
    /// colour's alpha times the coverage.
    package func tile(color: Color) -> TilePixels {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (index, value) in coverage.enumerated() where value > 0 {
            pixels[index * 4] = color.red
            pixels[index * 4 + 1] = color.green
            pixels[index * 4 + 2] = color.blue
            pixels[index * 4 + 3] = UInt8((UInt32(value) * UInt32(color.alpha) + 127) / 255)
        }
        // The sizes are those of a caption that was built, so the image is always valid.
        guard let image = try? RGBAImage(width: width, height: height, pixels: pixels) else {
            preconditionFailure("a \(width)x\(height) caption always makes a valid image")
        }
        return TilePixels(image)
    }

    /// A glyph and its advance in 26.6 fixed point.
    struct Glyph: Hashable {
        var index: UInt32
        var advance: Int
    }

    /// The glyphs that draw `scalars`, one per scalar except skipped invisible ones.
    private static func glyphs(
        of scalars: some Sequence<Unicode.Scalar>, face: OpaquePointer, path: String
    ) throws(TextError) -> [Glyph] {
        var glyphs: [Glyph] = []
        for scalar in scalars {
            let index: UInt32
            if scalar.properties.generalCategory == .control {
                // A tab or newline in a file name shows as a box rather than vanishing.
                index = 0
            } else {
                index = cft_face_glyph_index(face, scalar.value)
                if index == 0 && scalar.properties.isDefaultIgnorableCodePoint { continue }
            }
            var advance = 0
            var code = cft_face_glyph_advance(face, index, &advance)
            var drawn = index
            if code != 0 && index != 0 {
                drawn = 0
                code = cft_face_glyph_advance(face, 0, &advance)
            }
            guard code == 0 else {
                throw .cannotLoadGlyph(path: path, codePoint: scalar.value, code: code, reason: Font.message(code))
            }
            glyphs.append(Glyph(index: drawn, advance: max(advance, 0)))
        }
        return glyphs
    }

    /// The clusters that fit in `limit` (26.6), with the ellipsis when not all of them do;
    /// `isWhole` says whether `clusters` is the whole text or measuring stopped early.
    private static func fit(
        _ clusters: [(Character, [Glyph])], isWhole: Bool, into limit: Int, face: OpaquePointer, path: String
    ) throws(TextError) -> (text: String, isTruncated: Bool, glyphs: [Glyph]) {
        let total = clusters.reduce(0) { sum, cluster in cluster.1.reduce(sum) { $0 + $1.advance } }
        if isWhole && total <= limit {
            return (String(clusters.map(\.0)), false, clusters.flatMap(\.1))
        }
        var ellipsis = try glyphs(of: Caption.ellipsis.unicodeScalars, face: face, path: path)
        var mark = Caption.ellipsis
        if ellipsis.contains(where: { $0.index == 0 }) {
            // A face without "…" still has full stops.
            ellipsis = try glyphs(of: "...".unicodeScalars, face: face, path: path)
            mark = "..."
        }
        let ellipsisAdvance = ellipsis.reduce(0) { $0 + $1.advance }
        guard ellipsisAdvance <= limit else { return ("", true, []) }
        var kept = 0
        var used = ellipsisAdvance
        for cluster in clusters {
            let advance = cluster.1.reduce(0) { $0 + $1.advance }
            guard used + advance <= limit else { break }
            used += advance
            kept += 1
        }
        // "holiday …" reads worse than "holiday…".
        while kept > 0 && clusters[kept - 1].0.isWhitespace { kept -= 1 }
        let prefix = clusters[..<kept]
        return (String(prefix.map(\.0)) + mark, true, prefix.flatMap(\.1) + ellipsis)
    }

    /// Renders `glyph` with its origin at column `x` on the baseline, falling back to .notdef
    /// when the glyph will not render.
    private static func draw(
        _ glyph: Glyph, at x: Int, baseline: Int, into coverage: inout [UInt8], width: Int,
        face: OpaquePointer, path: String
    ) throws(TextError) {
        let height = coverage.count / width
        let code = coverage.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var code = cft_face_draw_glyph(face, glyph.index, Int32(clamping: x), Int32(baseline), base, Int32(width), Int32(height))
            if code != 0 && glyph.index != 0 {
                code = cft_face_draw_glyph(face, 0, Int32(clamping: x), Int32(baseline), base, Int32(width), Int32(height))
            }
            return code
        }
        guard code == 0 else {
            throw .cannotLoadGlyph(path: path, codePoint: 0, code: code, reason: Font.message(code))
        }
    }
}
