import ColorManagement
import Testing

/// The sRGB profile every JPEG, WebP, AVIF and TIFF sheet embeds: the same bytes in every
/// run, and still the profile Little CMS reads as sRGB.
@Suite("The sheets' sRGB profile")
struct SRGBProfileTests {
    @Test("Its creation date is fixed at 2000-01-01 00:00:00, so two runs write the same bytes")
    func fixedDate() throws {
        let bytes = try SRGBProfile.bytes()
        #expect(Array(bytes[24..<36]) == [0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[36..<40]) == Array("acsp".utf8))
        #expect(bytes[84..<100].allSatisfy { $0 == 0 }, "a profile ID would have to cover the date")
    }

    @Test("Little CMS still takes it for sRGB: nothing to convert")
    func stillSRGB() throws {
        guard case .none = ColorTransformCache().conversion(for: try SRGBProfile.bytes()) else {
            Issue.record("the sheets' profile is no longer read as sRGB")
            return
        }
    }
}
