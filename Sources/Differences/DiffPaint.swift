import Geometry
import Raster


/// The colours and row operations that draw the diff sheet people look at: B faded
/// towards white so that the changed pixels, painted over it in a strong colour, stand
/// out, and frames around tiles that have no counterpart or changed size.
///
/// Every operation works in place on one row of 8-bit straight RGBA (`row.count / 4`
/// pixels) and leaves the pixels outside the columns it is given alone. The arithmetic is
/// in integers, each step rounded to the nearest value, so the output is exact and the
/// same on every machine.
package enum DiffPaint {
    /// Changed pixels: a magenta-red no photograph is likely to be full of.
    package static let changedColor = Color(red: 0xff, green: 0x00, blue: 0x50)
    /// The frame of a tile whose source is only in B.
    package static let addedColor = Color(red: 0x00, green: 0xb0, blue: 0x50)
    /// The frame of a tile whose source is in both sheets at different sizes.
    package static let resizedColor = Color(red: 0xff, green: 0x8c, blue: 0x00)
    /// Pixels that differ by anti-aliasing only: a yellow, as pixelmatch draws them, that
    /// says "seen, and forgiven".
    package static let antialiasedColor = Color(red: 0xff, green: 0xd0, blue: 0x00)
    /// The stripes over an ignored area.
    package static let maskedColor = Color(red: 0x50, green: 0x70, blue: 0xb0)
    /// The period of hatching stripes, in pixels, and how many of them each stripe covers.
    static let hatchPeriod = 6
    static let hatchWidth = 2

    /// Paints row `y`'s part of diagonal stripes over `rect`, clipped to the row: pixel
    /// (x, y) is painted when `(x + y) mod 6 < 2`, so the pixels beneath still show between.
    ///
    /// - Parameters:
    ///   - y: The row's place in the coordinates of `rect`; rows outside `rect` are left alone.
    package static func hatch(_ row: UnsafeMutableRawBufferPointer, y: Int, rect: Rect, color: Color) {
        guard !rect.isEmpty, y >= rect.y, y < rect.maxY else { return }
        for column in (rect.x..<rect.maxX).clamped(to: 0..<row.count / 4)
        where (column + y) % hatchPeriod < hatchWidth {
            paint(row, column: column, color)
        }
    }

    /// Hatches row `y`'s part of what an image placed at `area` has beyond `common`, the size
    /// it shares with the image it was compared with (anchored at the top-left corner), in
    /// `resizedColor`: the image drawn padded, whatever of it could not be compared striped.
    package static func hatchPadding(_ row: UnsafeMutableRawBufferPointer, y: Int, area: Rect, common: Size) {
        hatch(
            row, y: y, rect: Rect(x: area.x + common.width, y: area.y, width: area.width - common.width, height: area.height),
            color: resizedColor)
        hatch(
            row, y: y, rect: Rect(x: area.x, y: area.y + common.height, width: common.width, height: area.height - common.height),
            color: resizedColor)
    }

    /// Composites the pixels at `columns` over white, leaving them opaque:
    /// `c' = (c·α + 255·(255 − α)) / 255`, rounded to the nearest.
    package static func opaque(_ row: UnsafeMutableRawBufferPointer, columns: Range<Int>) {
        check(row, columns)
        for offset in stride(from: 4 * columns.lowerBound, to: 4 * columns.upperBound, by: 4) {
            let alpha = UInt32(row[offset + 3])
            for channel in offset..<(offset + 3) {
                row[channel] = overWhite(row[channel], alpha: alpha)
            }
            row[offset + 3] = 255
        }
    }

    /// Composites the pixels at `columns` over white, then moves each channel 3/4 of the
    /// way to white, so the changes painted over them stand out. Alpha becomes 255.
    package static func fade(_ row: UnsafeMutableRawBufferPointer, columns: Range<Int>) {
        fade(row, columns: columns, thousandths: DiffStyle.defaultFade)
    }

    /// Composites the pixels at `columns` over white, then moves each channel `thousandths`
    /// thousandths of the way to white: `out = c' + (t·(255 − c') + 500) / 1000` in
    /// integers, the distance rounded half up, with `c'` as `opaque` computes it (750 gives
    /// ¾, 0 `opaque` itself, 1000 white). Alpha becomes 255.
    package static func fade(_ row: UnsafeMutableRawBufferPointer, columns: Range<Int>, thousandths: Int) {
        check(row, columns)
        precondition((0...1000).contains(thousandths), "a fade of \(thousandths) thousandths is outside 0…1000")
        let amount = UInt32(thousandths)
        for offset in stride(from: 4 * columns.lowerBound, to: 4 * columns.upperBound, by: 4) {
            let alpha = UInt32(row[offset + 3])
            for channel in offset..<(offset + 3) {
                let opaque = overWhite(row[channel], alpha: alpha)
                row[channel] = opaque + UInt8((amount * UInt32(255 - opaque) + 500) / 1000)
            }
            row[offset + 3] = 255
        }
    }

    /// Paints `color` over the changed pixels of a mask row, the mask's pixel 0 at column
    /// `x` of the row.
    ///
    /// - Parameters:
    ///   - changes: A mask row as `PixelDifference.compare(_:_:pixels:threshold:changes:)`
    ///     writes it; only its first `count` bits are read.
    ///   - count: The pixels the mask row covers; `x ..< x + count` must lie in the row.
    ///   - color: Written as it is, alpha included: nothing shows through it.
    package static func highlight(
        _ row: UnsafeMutableRawBufferPointer, changes: UnsafeBufferPointer<UInt64>, at x: Int, count: Int,
        color: Color = changedColor
    ) {
        check(row, x..<(x + count))
        precondition(changes.count >= (count + 63) / 64, "\(changes.count) words cannot hold \(count) pixels")
        for index in 0..<(count + 63) / 64 {
            var word = changes[index]
            if index == (count - 1) / 64, count % 64 != 0 { word &= (1 << (count % 64)) - 1 }
            while word != 0 {
                paint(row, column: x + index * 64 + word.trailingZeroBitCount, color)
                word &= word - 1
            }
        }
    }

    /// Paints row `y`'s part of a frame `thickness` pixels wide just inside `rect`'s edges,
    /// clipped to the row: the full width of `rect` on its first and last `thickness` rows,
    /// its first and last `thickness` columns on the rows between.
    ///
    /// - Parameters:
    ///   - y: The row's place in the coordinates of `rect`; rows outside `rect` are left alone.
    ///   - color: Written as it is, alpha included.
    package static func frame(
        _ row: UnsafeMutableRawBufferPointer, y: Int, rect: Rect, thickness: Int, color: Color
    ) {
        precondition(thickness >= 0, "a thickness of \(thickness) is below 0")
        let bottom = rect.y + rect.height
        let right = rect.x + rect.width
        guard !rect.isEmpty, y >= rect.y, y < bottom else { return }
        if y < rect.y + thickness || y >= bottom - thickness {
            fill(row, rect.x..<right, color)
        } else {
            fill(row, rect.x..<min(rect.x + thickness, right), color)
            fill(row, max(right - thickness, rect.x)..<right, color)
        }
    }

    /// One channel over white, rounded to the nearest: 255·k/255 is never halfway.
    @inline(__always)
    private static func overWhite(_ channel: UInt8, alpha: UInt32) -> UInt8 {
        UInt8((UInt32(channel) * alpha + 255 * (255 - alpha) + 127) / 255)
    }

    @inline(__always)
    private static func paint(_ row: UnsafeMutableRawBufferPointer, column: Int, _ color: Color) {
        row[4 * column] = color.red
        row[4 * column + 1] = color.green
        row[4 * column + 2] = color.blue
        row[4 * column + 3] = color.alpha
    }

    /// Paints the pixels of `columns` that lie in the row.
    private static func fill(_ row: UnsafeMutableRawBufferPointer, _ columns: Range<Int>, _ color: Color) {
        let clipped = columns.clamped(to: 0..<row.count / 4)
        for column in clipped { paint(row, column: column, color) }
    }

    private static func check(_ row: UnsafeMutableRawBufferPointer, _ columns: Range<Int>) {
        precondition(columns.lowerBound >= 0 && columns.upperBound <= row.count / 4, "\(columns) is outside the row")
    }
}
