/// How a camera says its stored pixels must be turned to stand upright: EXIF tag 0x0112,
/// which JPEG's EXIF, TIFF's own tag and HEIF's transforms all come down to.
///
/// The raw value is the tag's. Each case names the transform that takes the
/// stored image to the upright one, as EXIF 2.3 §4.6.4 defines it by where the
/// stored first row and column belong: value 6 ("row 0 is the visual right,
/// column 0 the visual top") means a phone held upright, and a 90° clockwise turn.
public enum Orientation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 1: stored upright.
    case identity = 1
    /// 2: mirror left to right.
    case mirrorHorizontal = 2
    /// 3: turn 180°.
    case rotate180 = 3
    /// 4: mirror top to bottom.
    case mirrorVertical = 4
    /// 5: mirror across the top-left to bottom-right diagonal.
    case transpose = 5
    /// 6: turn 90° clockwise.
    case rotate90Clockwise = 6
    /// 7: mirror across the top-right to bottom-left diagonal.
    case transverse = 7
    /// 8: turn 270° clockwise (90° anticlockwise).
    case rotate270Clockwise = 8

    /// Whether the upright image's width is the stored height (values 5 to 8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    public var description: String {
        switch self {
        case .identity: "1 (upright)"
        case .mirrorHorizontal: "2 (mirror horizontal)"
        case .rotate180: "3 (rotate 180)"
        case .mirrorVertical: "4 (mirror vertical)"
        case .transpose: "5 (transpose)"
        case .rotate90Clockwise: "6 (rotate 90 CW)"
        case .transverse: "7 (transverse)"
        case .rotate270Clockwise: "8 (rotate 270 CW)"
        }
    }

    /// The upright size of a stored `width` × `height` image.
    public func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsDimensions ? (height, width) : (width, height)
    }

    /// Turns a decoded image upright.
    ///
    /// Meant for the small, DCT-scaled decode of a tile, before resampling: it
    /// copies every pixel once. The identity returns `image` itself.
    package func apply(to image: RGBAImage) -> RGBAImage {
        if self == .identity { return image }
        let (width, height) = uprightSize(width: image.width, height: image.height)
        var upright = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBytes { source in
            upright.withUnsafeMutableBytes { destination in
                for y in 0..<height {
                    // Where the upright row starts in the stored image, and the step to its next pixel.
                    let (start, step) = storedWalk(row: y, storedWidth: image.width, storedHeight: image.height)
                    var index = start
                    for x in 0..<width {
                        let pixel = source.load(fromByteOffset: index * 4, as: UInt32.self)
                        destination.storeBytes(of: pixel, toByteOffset: (y * width + x) * 4, as: UInt32.self)
                        index += step
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: upright)
    }

    /// The stored index of upright pixel (0, `row`) and the stored stride between upright neighbours in a row.
    private func storedWalk(row y: Int, storedWidth w: Int, storedHeight h: Int) -> (start: Int, step: Int) {
        switch self {
        case .identity: (y * w, 1)
        case .mirrorHorizontal: (y * w + w - 1, -1)
        case .rotate180: ((h - 1 - y) * w + w - 1, -1)
        case .mirrorVertical: ((h - 1 - y) * w, 1)
        // Upright (x, y) comes from stored (y, x): rows of the result walk down stored columns.
        case .transpose: (y, w)
        // From stored (y, h - 1 - x).
        case .rotate90Clockwise: ((h - 1) * w + y, -w)
        // From stored (w - 1 - y, h - 1 - x).
        case .transverse: ((h - 1) * w + w - 1 - y, -w)
        // From stored (w - 1 - y, x).
        case .rotate270Clockwise: (w - 1 - y, w)
        }
    }
}
