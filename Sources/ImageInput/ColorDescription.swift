/// What an image says its samples mean, as its probe found it: an embedded ICC profile,
/// HEIF's `nclx` colour box of code points, or a profile that is there but damaged.
///
/// The loader only hands this over; ColorManagement turns either into a transform to
/// sRGB, so colour stays one step after loading whatever the format.
package enum ColorDescription: Sendable, Hashable {
    /// An ICC profile's bytes (PNG iCCP, JPEG APP2, WebP ICCP, TIFF, HEIF `prof`/`rICC`).
    case icc([UInt8])
    /// Code points of ITU-T H.273, as HEIF's `nclx` box stores them (phones and AVIF
    /// encoders often write this instead of a profile).
    case nclx(NCLXColor)
    /// A profile the file embeds but that cannot be taken out of it: the samples are
    /// drawn as sRGB, and the reason reaches the manifest.
    case damagedProfile(ProfileDamage)

    /// The ICC profile's bytes, when the colour is described by one.
    package var iccProfile: [UInt8]? {
        if case .icc(let bytes) = self { return bytes }
        return nil
    }
}
