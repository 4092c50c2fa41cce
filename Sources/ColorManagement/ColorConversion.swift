/// What to do with the pixels of an image that carries a given profile.
public enum ColorConversion: Sendable {
    /// The profile describes sRGB itself: the samples are right as they are, and a
    /// round trip through Little CMS could only move some by one.
    case none(profileDescription: String)
    /// Convert through this transform.
    case transform(ColorTransform)
    /// The profile cannot be used; the samples are taken as sRGB.
    case unusable(ColorError)

    /// The transform to apply, when there is one.
    public var transform: ColorTransform? {
        if case .transform(let transform) = self { return transform }
        return nil
    }

    /// The description the manifest records for a converted profile; nil otherwise.
    public var convertedProfile: String? {
        transform?.profileDescription
    }
}
