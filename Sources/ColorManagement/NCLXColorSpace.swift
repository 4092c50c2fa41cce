import CColor
import ImageInput

/// What HEIF's nclx code points (ITU-T H.273) mean as an RGB space Little CMS can build:
/// the primaries' and white point's CIE xy, and the curve that decodes samples to light.
///
/// Unspecified (2) reads as sRGB's value for either code, as viewers do. The BT.709,
/// BT.601 and BT.2020 transfers share one curve, the inverse of their camera curve
/// (exponent 1/0.45 with a linear toe below 0.081); BT.2020's 12-bit constants differ
/// from it in the fourth decimal, which no 8-bit sample shows. PQ and HLG are high
/// dynamic range: mapping them to sRGB's range is a tone-mapping choice, not a
/// conversion, so they are refused as `highDynamicRange` and left as stored.
struct NCLXColorSpace {
    /// The description the manifest records: "nclx: Display P3 (primaries 12, transfer 13)".
    let description: String
    /// Whether the code points describe sRGB itself, so the samples need nothing.
    let isSRGB: Bool
    /// What Little CMS builds the source profile from.
    let space: ccolor_rgb_space

    /// - Throws: `ColorError.highDynamicRange` for PQ and HLG; `unsupportedColorSpace`
    ///   for primaries or a transfer this table does not know.
    init(_ nclx: NCLXColor) throws(ColorError) {
        let primariesCode = nclx.primaries == Self.unspecified ? Self.bt709 : nclx.primaries
        let transferCode = nclx.transfer == Self.unspecified ? Self.srgbTransfer : nclx.transfer
        isSRGB = primariesCode == Self.bt709 && transferCode == Self.srgbTransfer
        let codes = "(primaries \(nclx.primaries), transfer \(nclx.transfer))"
        let name = isSRGB ? "sRGB" : Self.primaries[primariesCode]?.name ?? "unknown primaries"
        description = "nclx: \(name) \(codes)"
        if let dynamicRange = Self.highDynamicRange[transferCode] {
            throw .highDynamicRange(description: description, transfer: dynamicRange)
        }
        guard let primaries = Self.primaries[primariesCode] else {
            throw .unsupportedColorSpace("nclx primaries \(nclx.primaries) are not a known RGB space")
        }
        guard let curve = Self.curves[transferCode] else {
            throw .unsupportedColorSpace("nclx transfer \(nclx.transfer) is not a supported curve")
        }
        space = ccolor_rgb_space(
            white: primaries.white, red: primaries.red, green: primaries.green, blue: primaries.blue,
            curve: (curve[0], curve[1], curve[2], curve[3], curve[4]))
    }

    private static let unspecified: UInt16 = 2
    private static let bt709: UInt16 = 1
    private static let srgbTransfer: UInt16 = 13

    private struct Primaries {
        let name: String
        let red: (Double, Double)
        let green: (Double, Double)
        let blue: (Double, Double)
        let white: (Double, Double)
    }

    private static let d65 = (0.3127, 0.3290)
    private static let illuminantC = (0.310, 0.316)

    /// H.273's table of colour primaries, those that are RGB spaces.
    private static let primaries: [UInt16: Primaries] = [
        1: Primaries(name: "BT.709", red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: d65),
        4: Primaries(name: "BT.470 System M", red: (0.670, 0.330), green: (0.210, 0.710), blue: (0.140, 0.080), white: illuminantC),
        5: Primaries(name: "BT.601 625", red: (0.640, 0.330), green: (0.290, 0.600), blue: (0.150, 0.060), white: d65),
        6: Primaries(name: "BT.601 525", red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: d65),
        7: Primaries(name: "SMPTE 240M", red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: d65),
        8: Primaries(name: "Generic film", red: (0.681, 0.319), green: (0.243, 0.692), blue: (0.145, 0.049), white: illuminantC),
        9: Primaries(name: "BT.2020", red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: d65),
        11: Primaries(name: "DCI-P3", red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.314, 0.351)),
        12: Primaries(name: "Display P3", red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65),
        22: Primaries(name: "EBU 3213-E", red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077), white: d65),
    ]

    /// Decoding curves as Little CMS's parametric type 4, {g, a, b, c, d}.
    private static let curves: [UInt16: [Double]] = {
        let bt709 = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
        return [
            1: bt709, 6: bt709, 14: bt709, 15: bt709,
            4: [2.2, 1, 0, 0, 0],
            5: [2.8, 1, 0, 0, 0],
            8: [1, 1, 0, 0, 0],
            13: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045],
        ]
    }()

    /// The transfers whose samples are light levels beyond sRGB's white.
    private static let highDynamicRange: [UInt16: String] = [16: "PQ", 18: "HLG"]
}
