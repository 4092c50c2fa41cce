import ImageFormats
import ImageInput
import TestSupport
import Testing

/// The decode limit, for every format the registry reads: with one pixel fewer allowed than
/// the image has, the probe refuses it naming its size, and raising the limit to the size
/// named lets it through, before anything is decoded (for a HEIF whose clean aperture crops
/// it, after one more refusal naming the coded size it decodes). A format added to the
/// registry is held to it with no test written.
@Suite("Pixel limit, every format")
struct PixelLimitTests {
    static let registry = ImageRegistry.pinboard

    @Test("The pixel limit is configurable", arguments: registry.names)
    func configurableLimit(format: String) throws {
        let sample = try #require(FormatSample.smallest[format], "no file in Fixtures/ reads whole as \(format)")
        let info = try Self.registry.probe(path: sample.path, limits: .default)
        let pixels = UInt64(info.width) * UInt64(info.height)
        var limit = pixels - 1
        for _ in 0..<2 {
            let error = #expect(throws: ImageError.self) {
                try Self.registry.probe(path: sample.path, limits: DecodeLimits(maxPixels: limit))
            }
            #expect(error?.path == sample.path)
            guard case .tooManyPixels(let width, let height, let refused)? = error?.reason else {
                Issue.record("\(sample.name): \(String(describing: error))")
                return
            }
            #expect(width * height > limit && refused == limit, "\(sample.name)")
            limit = width * height
            if let passed = try? Self.registry.probe(path: sample.path, limits: DecodeLimits(maxPixels: limit)) {
                #expect(passed == info)
                return
            }
        }
        Issue.record("\(sample.name): still refused at \(limit) pixels")
    }
}
