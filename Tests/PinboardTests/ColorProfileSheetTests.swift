@testable import Pinboard
import Raster
import TestSupport
import Testing

/// Photos with embedded profiles on a sheet: converted to sRGB once per profile, recorded
/// in the manifest, and left as they are when conversion is off.
@Suite("Colour profiles on a sheet")
struct ColorProfileSheetTests {
    static func options(converting: Bool) -> SheetOptions {
        var options = SheetOptions()
        options.lanes = 2
        options.laneBreadth = 32
        options.padding = 0
        options.convertsColorProfiles = converting
        return options
    }

    static let inputs = ["icc/display-p3.png", "icc/display-p3.jpg", "icc/adobe-rgb.png", "icc/no-profile.png"]
        .map { Fixture.path($0) }

    @Test("Each item records its format and the profile converted from; one transform per distinct profile")
    func manifest() throws {
        let plan = try SheetPlanner.plan(paths: Self.inputs, options: Self.options(converting: true))
        let items = plan.manifest.items
        #expect(items.map(\.format) == ["PNG", "JPEG", "PNG", "PNG"])
        #expect(items.map(\.colorProfile) == ["Display P3", "Display P3", "Adobe RGB (1998)", nil])
        #expect(plan.colors.count == 2)
    }

    @Test("HEIC and AVIF described by nclx alone record it; sRGB's code points record nothing")
    func nclx() throws {
        let inputs = ["nclx/p3.heic", "nclx/p3.avif", "heif/plain.avif"].map { Fixture.path($0) }
        let plan = try SheetPlanner.plan(paths: inputs, options: Self.options(converting: true))
        let p3 = "nclx: Display P3 (primaries 12, transfer 13)"
        #expect(plan.manifest.items.map(\.colorProfile) == [p3, p3, nil])
        #expect(plan.colors.count == 2)
    }

    @Test("A PNG whose iCCP cannot be read records why its profile was not used", arguments: [
        ("icc-bad-method.png", "compression method 1"), ("icc-bad-zlib.png", "zlib"), ("icc-no-name.png", "name"),
    ])
    func damagedProfile(name: String, words: String) throws {
        let plan = try SheetPlanner.plan(paths: [Fixture.path("icc/" + name)], options: Self.options(converting: true))
        let recorded = try #require(plan.manifest.items.first?.colorProfile, "no word of the dropped profile")
        #expect(recorded.hasPrefix("embedded colour profile not used: ") && recorded.contains(words), "\(recorded)")
    }

    @Test("With conversion off, nothing is recorded and the options say so")
    func off() throws {
        let plan = try SheetPlanner.plan(paths: Self.inputs, options: Self.options(converting: false))
        #expect(plan.manifest.items.allSatisfy { $0.colorProfile == nil })
        #expect(plan.manifest.options["colorProfiles"] == "ignored")
    }

    @Test("Converted tiles differ from the samples taken as sRGB; a photo without a profile does not")
    func pixels() throws {
        let converted = try SheetComposer.compose(inputs: Self.inputs, options: Self.options(converting: true))
        let plain = try SheetComposer.compose(inputs: Self.inputs, options: Self.options(converting: false))
        for (index, item) in converted.manifest.items.enumerated() {
            let x = item.x + item.width / 2
            let y = item.y + item.height / 2
            if item.colorProfile == nil {
                #expect(converted.color(x: x, y: y) == plain.color(x: x, y: y), "tile \(index)")
            } else {
                #expect(converted.color(x: x, y: y) != plain.color(x: x, y: y), "tile \(index)")
            }
        }
    }
}
