import ColorManagement
import Dispatch
import Foundation
import Geometry
import HEIFCodec
import ImageInput
import TestSupport
import Testing

/// HEIF nclx code points converted to sRGB, measured against plain colour maths in Python
/// (`scripts/make-nclx-fixtures.py`, `Fixtures/nclx/`), not against Little CMS itself.
@Suite("nclx colour")
struct NCLXTransformTests {
    enum NCLXFixture: FormatFixtures { static let folder = "nclx" }

    /// The code points of each pattern space and the description pinboard gives it.
    struct Space: Decodable {
        /// Primaries, transfer and matrix.
        let codes: [UInt16]
        let fullRange: Bool
        let description: String
        var nclx: NCLXColor { NCLXColor(primaries: codes[0], transfer: codes[1], matrix: codes[2], fullRange: fullRange) }
    }

    static let spaces = (try? Fixture.json([String: [String: Space]].self, at: "nclx/index.json"))?["spaces"]
    static let displayP3 = NCLXColor(primaries: 12, transfer: 13, matrix: 6, fullRange: true)

    @Test("Display P3 and BT.2020 (BT.709's curve) land within ±2 of the colour maths; alpha is kept",
          arguments: ["display-p3", "bt2020"])
    func againstMaths(name: String) throws {
        let index = try #require(ColorTransformTests.index)
        let space = try #require(Self.spaces?[name])
        let transform = try ColorTransform(nclx: space.nclx)
        #expect(transform.profileDescription == space.description)
        var image = RGBAImage(width: index.width, height: index.height, pixels: ColorTransformTests.pattern)
        try transform.apply(to: &image)
        let golden = try NCLXFixture.bytes("\(name).rgb")
        let rgb = (0..<index.width * index.height).flatMap { image.pixels[$0 * 4..<$0 * 4 + 3] }
        let worst = PixelComparison.worstDifference(rgb, golden)
        #expect(worst <= 2, "largest difference \(worst)")
        #expect(Swift.stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == ColorTransformTests.pattern[$0] })
    }

    @Test("Code points that mean sRGB, unspecified ones included, cost nothing: no transform", arguments: [
        (1, 13), (2, 2), (1, 2), (2, 13),
    ] as [(UInt16, UInt16)])
    func srgbIsLeftAlone(primaries: UInt16, transfer: UInt16) {
        let cache = ColorTransformCache()
        let conversion = cache.conversion(for: .nclx(NCLXColor(primaries: primaries, transfer: transfer, matrix: 6, fullRange: true)))
        guard case .none(let description) = conversion else {
            Issue.record("expected no conversion, got \(conversion)")
            return
        }
        #expect(description == "nclx: sRGB (primaries \(primaries), transfer \(transfer))")
        #expect(conversion.recordedProfile == nil)
    }

    @Test("PQ and HLG are left as stored, and the manifest says so", arguments: [(16, "PQ"), (18, "HLG")] as [(UInt16, String)])
    func highDynamicRange(transfer: UInt16, name: String) {
        let conversion = ColorTransformCache().conversion(for: .nclx(NCLXColor(primaries: 9, transfer: transfer, matrix: 9, fullRange: false)))
        #expect(conversion.transform == nil)
        #expect(conversion.recordedProfile
            == "nclx: BT.2020 (primaries 9, transfer \(transfer)) not converted: \(name) is high dynamic range")
    }

    @Test("Primaries or a transfer with no RGB meaning here are refused, not guessed", arguments: [
        (10, 13), (0, 13), (12, 17), (12, 0), (200, 13),
    ] as [(UInt16, UInt16)])
    func unsupported(primaries: UInt16, transfer: UInt16) {
        let nclx = NCLXColor(primaries: primaries, transfer: transfer, matrix: 6, fullRange: true)
        #expect(throws: ColorError.self) { try ColorTransform(nclx: nclx) }
        guard case .unusable(.unsupportedColorSpace) = ColorTransformCache().conversion(for: .nclx(nclx)) else {
            Issue.record("expected an unsupported colour space")
            return
        }
    }

    @Test("The cache keys by the whole description: one transform per distinct nclx box, shared by threads")
    func cached() throws {
        let cache = ColorTransformCache()
        let limited = NCLXColor(primaries: 12, transfer: 13, matrix: 6, fullRange: false)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            _ = cache.conversion(for: .nclx(index % 2 == 0 ? Self.displayP3 : limited))
        }
        #expect(cache.count == 2)
        let first = try #require(cache.conversion(for: .nclx(Self.displayP3)).transform)
        #expect(first === cache.conversion(for: .nclx(Self.displayP3)).transform)
        #expect(cache.conversion(for: .nclx(Self.displayP3)).recordedProfile == "nclx: Display P3 (primaries 12, transfer 13)")
    }

    @Test("A HEIC and an AVIF with a P3 nclx box and no profile: probed as nclx, converted within 45 dB of the reference",
          arguments: [("p3.heic", HEICFormat.self), ("p3.avif", AVIFFormat.self)] as [(String, any ImageFormat.Type)])
    func heifFile(name: String, format: any ImageFormat.Type) throws {
        let path = NCLXFixture.path(name)
        let info = try format.probe(MemoryBytes(NCLXFixture.bytes(name)), path: path, limits: .default)
        #expect(info.color == .nclx(Self.displayP3))
        let color = try #require(info.color)
        let transform = try #require(ColorTransformCache().conversion(for: color).transform)
        let stored = try format.openRows(path: path, info: info, minimumSize: nil, limits: .default).readImage()
        var converted = stored
        try transform.apply(to: &converted)
        let golden = try NCLXFixture.golden(name.replacingOccurrences(of: ".", with: "-"))
        let psnr = PixelComparison.psnr(converted, golden)
        #expect(psnr >= 45, "\(psnr) dB")
        // The conversion is what brings it there: the samples as stored are far from it.
        let unconverted = PixelComparison.psnr(stored, golden)
        #expect(unconverted < 35, "\(unconverted) dB unconverted")
    }
}
