import ColorManagement
import Dispatch
import TestSupport
import Testing

/// One conversion per distinct profile, however many images and threads ask.
@Suite("Colour transform cache")
struct ColorTransformCacheTests {
    static func profile(_ path: String) throws -> [UInt8] {
        [UInt8](try Fixture.bytes(Fixture.path(path)))
    }

    @Test("A thousand requests for one profile from many threads build one transform and share it")
    func onePerProfile() throws {
        let cache = ColorTransformCache()
        let p3 = try Self.profile("icc/display-p3.icc")
        let adobe = try Self.profile("icc/adobe-rgb-1998.icc")
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            _ = cache.conversion(for: index % 2 == 0 ? p3 : adobe)
        }
        #expect(cache.count == 2)
        let first = try #require(cache.conversion(for: p3).transform)
        let second = try #require(cache.conversion(for: p3).transform)
        #expect(first === second)
        #expect(cache.conversion(for: p3).convertedProfile == "Display P3")
    }

    @Test("sRGB's own profile needs no conversion")
    func srgbIsLeftAlone() throws {
        let conversion = ColorTransformCache().conversion(for: try Self.profile("color/srgb.icc"))
        guard case .none(let description) = conversion else {
            Issue.record("expected no conversion, got \(conversion)")
            return
        }
        #expect(description.hasPrefix("sRGB"))
        #expect(conversion.convertedProfile == nil)
    }

    @Test("A damaged profile is unusable, remembered, and converts nothing")
    func damaged() throws {
        let cache = ColorTransformCache()
        var bytes = try Self.profile("icc/display-p3.icc")
        bytes.removeLast(bytes.count - 140)
        guard case .unusable = cache.conversion(for: bytes) else {
            Issue.record("expected unusable")
            return
        }
        #expect(cache.conversion(for: bytes).transform == nil)
        #expect(cache.count == 1)
    }
}
