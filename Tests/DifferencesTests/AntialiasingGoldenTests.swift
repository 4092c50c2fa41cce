import Differences
import Foundation
import Raster
import TestSupport
import Testing

/// ChangeScanner against the Python port of pixelmatch, on the pairs and counts that
/// scripts/make-antialiasing-goldens.py wrote into Fixtures/antialiasing.
@Suite("Anti-aliasing detection against pixelmatch")
struct AntialiasingGoldenTests {
    struct Counts: Decodable {
        struct Case: Decodable, CustomTestStringConvertible {
            let name: String
            let threshold: Double
            let different: Int
            let antialiased: Int
            var testDescription: String { "\(name) at \(threshold)" }
        }

        let pixelmatch: String
        let cases: [Case]
    }

    static let cases = (try? Fixture.json(Counts.self, at: "antialiasing/counts.json").cases) ?? []

    @Test("The fixture holds every pair at both thresholds")
    func fixture() {
        #expect(Self.cases.count == 12)
    }

    @Test("The same pixels differ, and the same are anti-aliasing, as pixelmatch counts them", arguments: cases)
    func matchesPixelmatch(_ golden: Counts.Case) throws {
        let a = try PAMImage.read(Fixture.url("antialiasing/\(golden.name)-a.pam")).image
        let b = try PAMImage.read(Fixture.url("antialiasing/\(golden.name)-b.pam")).image
        let scanned = ChangeScannerTests.scan(
            a, b, criteria: PixelCriteria(colorThreshold: golden.threshold, ignoresAntialiasing: true))
        #expect(scanned.difference.changedPixels == golden.different)
        #expect(scanned.difference.antialiasedPixels == golden.antialiased)
    }
}
