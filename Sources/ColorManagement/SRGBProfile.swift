import CColor

/// The sRGB ICC profile writers embed, so viewers that honour profiles show a sheet as it
/// was composed (every sheet is composed in sRGB) and the rest are told nothing new.
public enum SRGBProfile {
    /// Little CMS's sRGB profile, serialised once per process; nil only when memory ran out.
    public static let bytes: [UInt8]? = {
        var profile: UnsafeMutablePointer<UInt8>?
        var count = 0
        guard ccolor_srgb_profile(&profile, &count) == CIMAGE_OK, let profile else { return nil }
        defer { ccolor_profile_free(profile) }
        return Array(UnsafeBufferPointer(start: profile, count: count))
    }()
}
