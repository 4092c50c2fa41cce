/// pixelmatch's test for a pixel that differs only because an edge was anti-aliased
/// differently (after Vyšniauskas, "Anti-aliased Pixel and Intensity Slope Detector", 2009).
///
/// A pixel of one image is taken for anti-aliasing when, among its eight neighbours, at
/// most two (counting the image's edge as one) have its brightness, some are darker and
/// some brighter, and the darkest or the brightest of them has three or more neighbours of
/// its own exact colour in *both* images: it lies inside a flat area on either side, so the
/// pixel between is a blend of two flat areas. A pair differs by anti-aliasing when this
/// holds for the pixel of either image. The order of the neighbours and the tie rules are
/// pixelmatch's, so counts agree with it pixel for pixel (`scripts/make-antialiasing-goldens.py`).
///
/// It reads two rows above and below the pixel, through the windows of rows that
/// `ChangeScanner` keeps of each image. A detector serves one row: it finds the window
/// slot of a nearby row by one comparison rather than a division, which would otherwise
/// be most of the cost (dozens of row look-ups for every pixel tested).
struct AntialiasingDetector {
    /// The windows of A and B.
    let a, b: UnsafeRawPointer
    /// The images' size.
    let width, height: Int
    /// The rows each window holds: row y is at slot `y % slots`.
    let slots: Int
    /// The row this detector serves, and its slot, `row % slots`.
    let row: Int
    let rowSlot: Int
    /// What pixels that are not opaque are blended over: at the centre pixel's place, for
    /// the centre and its neighbours alike, as pixelmatch 7 does.
    let background: AlphaBackground

    /// Whether the pixels at (x, `row`) differ by anti-aliasing only.
    func isAntialiased(x: Int) -> Bool {
        isAntialiased(in: a, other: b, x: x, y: row) || isAntialiased(in: b, other: a, x: x, y: row)
    }

    /// The start of row `y` of a window: `y` within two rows of `row`, all in the window.
    @inline(__always)
    func rowStart(_ image: UnsafeRawPointer, _ y: Int) -> UnsafeRawPointer {
        var slot = rowSlot &+ (y &- row)
        if slot < 0 { slot &+= slots } else if slot >= slots { slot &-= slots }
        return image + slot &* width &* 4
    }

    private func isAntialiased(in image: UnsafeRawPointer, other: UnsafeRawPointer, x x1: Int, y y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var lowest = 0.0
        var highest = 0.0
        var darkest = (x: 0, y: 0)
        var brightest = (x: 0, y: 0)
        let above = rowStart(image, y0)
        let middle = rowStart(image, y1)
        let below = rowStart(image, y2)
        let center = middle + x1 &* 4
        let color = center.loadUnaligned(as: UInt32.self)
        let under = background.color(at: y1 * width + x1)
        let brightness = PerceptualColor.brightness(of: center, over: under)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let neighbour = (y == y0 ? above : y == y1 ? middle : below) + x &* 4
                // Equal pixels are 0 outright, as in pixelmatch; so are unequal ones of one brightness.
                let delta = neighbour.loadUnaligned(as: UInt32.self) == color
                    ? 0 : brightness - PerceptualColor.brightness(of: neighbour, over: under)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < lowest {
                    lowest = delta
                    darkest = (x, y)
                } else if delta > highest {
                    highest = delta
                    brightest = (x, y)
                }
            }
        }
        guard lowest != 0, highest != 0 else { return false }
        return (hasManySiblings(image, darkest.x, darkest.y) && hasManySiblings(other, darkest.x, darkest.y))
            || (hasManySiblings(image, brightest.x, brightest.y) && hasManySiblings(other, brightest.x, brightest.y))
    }

    /// Whether three or more of the pixel's neighbours (the image's edge counting as one)
    /// have exactly its colour.
    private func hasManySiblings(_ image: UnsafeRawPointer, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        let above = rowStart(image, y0)
        let middle = rowStart(image, y1)
        let below = rowStart(image, y2)
        let center = (middle + x1 &* 4).loadUnaligned(as: UInt32.self)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let neighbour = (y == y0 ? above : y == y1 ? middle : below) + x &* 4
                if neighbour.loadUnaligned(as: UInt32.self) == center { equal += 1 }
                if equal > 2 { return true }
            }
        }
        return false
    }
}
