import ImageInput
import Synchronization

/// One conversion per distinct colour description, built on first use and shared by
/// every thread, so a thousand photos with the same Display P3 profile (or the same nclx
/// box) build one transform.
///
/// Descriptions are compared whole, a profile by its bytes; a phone's profile is a few
/// hundred bytes, so hashing it per image costs nothing next to decoding.
package final class ColorTransformCache: Sendable {
    private let conversions = Mutex<[ColorDescription: ColorConversion]>([:])

    package init() {}

    /// The conversion for `color`, built the first time it is asked for.
    package func conversion(for color: ColorDescription) -> ColorConversion {
        if let known = conversions.withLock({ $0[color] }) { return known }
        // Built outside the lock: two threads meeting a new description at once may both
        // build it, and one result is kept; the lock is never held across Little CMS.
        let built = Self.build(color)
        return conversions.withLock { cache in
            if let known = cache[color] { return known }
            cache[color] = built
            return built
        }
    }

    /// The conversion for an ICC profile's bytes.
    package func conversion(for profile: [UInt8]) -> ColorConversion {
        conversion(for: .icc(profile))
    }

    /// How many distinct descriptions the cache holds: what tests count to see one build each.
    package var count: Int { conversions.withLock { $0.count } }

    private static func build(_ color: ColorDescription) -> ColorConversion {
        do throws(ColorError) {
            switch color {
            case .icc(let profile):
                let transform = try ColorTransform(profile: profile)
                return isSRGB(transform.profileDescription)
                    ? .none(profileDescription: transform.profileDescription) : .transform(transform)
            case .nclx(let nclx):
                // sRGB's own code points cost nothing: no profile, no transform.
                let space = try NCLXColorSpace(nclx)
                return space.isSRGB ? .none(profileDescription: space.description) : .transform(try ColorTransform(space: space))
            case .damagedProfile(let damage):
                throw .damagedProfile(damage)
            }
        } catch {
            return .unusable(error)
        }
    }

    /// Whether a description names sRGB itself ("sRGB IEC61966-2.1", "sRGB built-in", …).
    private static func isSRGB(_ description: String) -> Bool {
        description.hasPrefix("sRGB")
    }
}
