/// A HEIF `nclx` colour box: the code points of ITU-T H.273 (ISO/IEC 23091-2) naming the
/// image's primaries, transfer function and YCbCr matrix.
///
/// Kept as the file states them, unnamed: what a code means is ColorManagement's business.
/// libheif has already used `matrix` and `fullRange` to turn YCbCr into RGB; they are kept
/// so the description is whole (and the transform cache tells files apart by all of it).
package struct NCLXColor: Sendable, Hashable {
    /// `colour_primaries`: 1 is BT.709 (sRGB's), 9 BT.2020, 12 Display P3, 2 unspecified.
    package let primaries: UInt16
    /// `transfer_characteristics`: 13 is sRGB's curve, 1 BT.709's, 16 PQ, 18 HLG, 2 unspecified.
    package let transfer: UInt16
    /// `matrix_coefficients`: 6 is BT.601, 1 BT.709, 0 identity (RGB stored as is).
    package let matrix: UInt16
    /// Whether luma and chroma use the full range of their bits, not the studio range.
    package let fullRange: Bool

    package init(primaries: UInt16, transfer: UInt16, matrix: UInt16, fullRange: Bool) {
        (self.primaries, self.transfer, self.matrix, self.fullRange) = (primaries, transfer, matrix, fullRange)
    }
}
