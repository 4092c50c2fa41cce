import ColorManagement
import Foundation
import Geometry
import ImageInput
import TestSupport
import Testing

/// Profiles converted to sRGB, measured against Little CMS driven by Pillow's ImageCms
/// with the same intent (`scripts/make-color-goldens.py`, `Fixtures/color/`).
@Suite("Colour transforms")
struct ColorTransformTests {
    struct Index: Decodable {
        struct Profile: Decodable {
            let profile: String
            let description: String
        }
        let width: Int
        let height: Int
        let profiles: [String: Profile]
    }

    static let index = (try? Fixture.json(Index.self, at: "color/index.json"))
    static let pattern = (try? [UInt8](Fixture.bytes(Fixture.path("color/pattern.rgba")))) ?? []

    static func profile(_ file: String) throws -> [UInt8] {
        [UInt8](try Fixture.bytes(Fixture.path("icc/" + file)))
    }

    @Test("Display P3, Adobe RGB and grey land within ±2 of Little CMS through Pillow; alpha is kept",
          arguments: ["display-p3", "adobe-rgb", "grey"])
    func againstPillow(name: String) throws {
        let index = try #require(Self.index)
        let entry = try #require(index.profiles[name])
        let transform = try ColorTransform(profile: Self.profile(entry.profile))
        #expect(transform.profileDescription == entry.description)
        var image = RGBAImage(width: index.width, height: index.height, pixels: Self.pattern)
        try transform.apply(to: &image)
        let golden = [UInt8](try Fixture.bytes(Fixture.path("color/\(name).rgb")))
        var worst = 0
        for pixel in 0..<index.width * index.height {
            for channel in 0..<3 {
                worst = max(worst, abs(Int(image.pixels[pixel * 4 + channel]) - Int(golden[pixel * 3 + channel])))
            }
            #expect(image.pixels[pixel * 4 + 3] == Self.pattern[pixel * 4 + 3], "alpha of pixel \(pixel)")
        }
        #expect(worst <= 2, "largest difference \(worst)")
    }

    @Test("The conversion runs towards sRGB: P3's full red is outside sRGB and clips to sRGB's red")
    func p3Red() throws {
        let transform = try ColorTransform(profile: Self.profile("display-p3.icc"))
        var image = RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
        try transform.apply(to: &image)
        #expect(image.pixels[0] == 255)
        #expect(image.pixels[1] < 40 && image.pixels[2] < 40)
    }

    @Test("Rows a stride apart are converted, the bytes between them left alone")
    func stride() throws {
        let transform = try ColorTransform(profile: Self.profile("adobe-rgb-1998.icc"))
        var rows = [UInt8](repeating: 7, count: 2 * 12)
        rows.replaceSubrange(0..<8, with: [200, 100, 50, 255, 10, 220, 30, 128])
        rows.replaceSubrange(12..<20, with: [200, 100, 50, 255, 10, 220, 30, 128])
        try rows.withUnsafeMutableBytes { try transform.apply(to: $0, stride: 12, width: 2, count: 2) }
        #expect(Array(rows[8..<12]) == [7, 7, 7, 7])
        #expect(Array(rows[0..<8]) == Array(rows[12..<20]))
        #expect(Array(rows[0..<3]) != [200, 100, 50])
    }

    @Test("Bytes that are no ICC profile are refused with Little CMS's reason", arguments: [
        [UInt8](), [UInt8](repeating: 0, count: 200), Array("not a profile at all, just some text".utf8),
    ])
    func unreadable(bytes: [UInt8]) {
        #expect(throws: ColorError.self) { try ColorTransform(profile: bytes) }
    }

    @Test("The Little CMS version is recorded")
    func version() {
        #expect(ColorTransform.libraryVersion.hasPrefix("2."))
    }
}
