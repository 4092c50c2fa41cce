/// What to do with the pixels of an image that carries a given profile or nclx box.
package enum ColorConversion: Sendable {
    /// The profile describes sRGB itself: the samples are right as they are, and a
    /// round trip through Little CMS could only move some by one.
    case none(profileDescription: String)
    /// Convert through this transform.
    case transform(ColorTransform)
    /// The profile cannot be used; the samples are taken as sRGB.
    case unusable(ColorError)

    /// The transform to apply, when there is one.
    package var transform: ColorTransform? {
        if case .transform(let transform) = self { return transform }
        return nil
    }

    /// The description of a converted profile; nil otherwise.
    package var convertedProfile: String? {
        transform?.profileDescription
    }

    /// What the manifest's `colorProfile` records: a converted profile's description, or
    /// for high-dynamic-range nclx left as stored and for a profile damaged in the file,
    /// that it was not converted and why; nil when the samples were sRGB already or Little
    /// CMS could not use the profile.
    package var recordedProfile: String? {
        if case .unusable(let error) = self {
            switch error {
            case .highDynamicRange, .damagedProfile: return error.description
            case .unreadableProfile, .unsupportedColorSpace, .outOfMemory: return nil
            }
        }
        return convertedProfile
    }
}
