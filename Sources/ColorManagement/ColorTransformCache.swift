import Synchronization

/// One conversion per distinct profile, built on first use and shared by every thread,
/// so a thousand photos with the same Display P3 profile build one transform.
///
/// Profiles are compared by their bytes; a phone's profile is a few hundred bytes, so
/// hashing it per image costs nothing next to decoding.
public final class ColorTransformCache: Sendable {
    private let conversions = Mutex<[[UInt8]: ColorConversion]>([:])

    public init() {}

    /// The conversion for `profile`, built the first time it is asked for.
    public func conversion(for profile: [UInt8]) -> ColorConversion {
        if let known = conversions.withLock({ $0[profile] }) { return known }
        // Built outside the lock: two threads meeting a new profile at once may both build
        // it, and one result is kept; the lock is never held across Little CMS.
        let built: ColorConversion
        do {
            let transform = try ColorTransform(profile: profile)
            built = Self.isSRGB(transform.profileDescription)
                ? .none(profileDescription: transform.profileDescription) : .transform(transform)
        } catch {
            built = .unusable(error)
        }
        return conversions.withLock { cache in
            if let known = cache[profile] { return known }
            cache[profile] = built
            return built
        }
    }

    /// How many distinct profiles the cache holds: what tests count to see one build per profile.
    public var count: Int { conversions.withLock { $0.count } }

    /// Whether a description names sRGB itself ("sRGB IEC61966-2.1", "sRGB built-in", …).
    private static func isSRGB(_ description: String) -> Bool {
        description.hasPrefix("sRGB")
    }
}
