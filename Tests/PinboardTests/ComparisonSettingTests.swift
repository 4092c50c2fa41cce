import Differences
import Foundation
import Geometry
import PinboardCompare
import Raster
import TestSupport
import Testing

/// The settings of a comparison, declared once in `ComparisonSetting`: the values each may
/// hold, refused as typed errors before any work, and the spellings every report reads.
@Suite("Comparison settings: bounds and spellings")
struct ComparisonSettingTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.folders("a", "b")
    }

    /// Options that break one bound each, by name, with the error they must give.
    static let outOfRange: [(name: String, options: ComparisonOptions, error: CompareError)] = [
        ("threshold 256", ComparisonOptions(criteria: PixelCriteria(threshold: 256)), .outOfRange(.threshold, .level(256))),
        ("threshold -1", ComparisonOptions(criteria: PixelCriteria(threshold: -1)), .outOfRange(.threshold, .level(-1))),
        ("threshold-color 1.5", ComparisonOptions(criteria: PixelCriteria(colorThreshold: 1.5)),
         .outOfRange(.thresholdColor, .share(1.5))),
        ("threshold-color -0.1", ComparisonOptions(criteria: PixelCriteria(colorThreshold: -0.1)),
         .outOfRange(.thresholdColor, .share(-0.1))),
        ("max-diff-pixels -1", ComparisonOptions(maxDiffPixels: -1), .outOfRange(.maxDiffPixels, .budget(-1))),
        ("max-diff-ratio 1.01", ComparisonOptions(maxDiffRatio: 1.01), .outOfRange(.maxDiffRatio, .share(1.01))),
        ("max-diff-ratio -0.5", ComparisonOptions(maxDiffRatio: -0.5), .outOfRange(.maxDiffRatio, .share(-0.5))),
    ]

    static func options(_ name: String) throws -> (options: ComparisonOptions, error: CompareError) {
        let found = try #require(outOfRange.first { $0.name == name })
        return (found.options, found.error)
    }

    @Test("An out-of-range setting is its own outOfRange case from validate()", arguments: outOfRange.map(\.name))
    func validate(name: String) throws {
        let (options, error) = try Self.options(name)
        #expect(throws: error) { try options.validate() }
    }

    @Test("Sheets compared with an out-of-range setting throw it before reading either sheet or writing the diff sheet",
          arguments: outOfRange.map(\.name))
    func sheets(name: String) throws {
        let (options, error) = try Self.options(name)
        let output = folder.path + "/diff.png"
        // Neither sheet exists: reading one would be `.sheet(.unreadableSheet)`.
        #expect(throws: error) {
            try SheetComparer.compare(
                .file(folder.path + "/missing-a.png"), .file(folder.path + "/missing-b.png"), options: options,
                diffSheet: .file(output))
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("Folders compared with an out-of-range setting throw it before listing either folder",
          arguments: outOfRange.map(\.name))
    func folders(name: String) throws {
        let (options, error) = try Self.options(name)
        #expect(throws: error) {
            try SheetComparer.compareFolders(folder.path + "/missing-a", folder.path + "/missing-b", options: options)
        }
    }

    @Test("The threshold given to the plain API is checked too: 256 is outOfRange, not a trap")
    func thresholdArgument() {
        #expect(throws: CompareError.outOfRange(.threshold, .level(256))) {
            try SheetComparer.compareFolders(folder.path + "/a", folder.path + "/b", threshold: 256)
        }
    }

    @Test("A share that is not a number is out of range")
    func notANumber() {
        let error = #expect(throws: CompareError.self) {
            try ComparisonOptions(maxDiffRatio: .nan).validate()
        }
        guard case .outOfRange(let setting, .share(let value)) = error else {
            Issue.record("expected outOfRange, got \(String(describing: error))")
            return
        }
        #expect(setting == .maxDiffRatio)
        #expect(value?.isNaN == true)
    }

    @Test("Every bound itself is in range, and compares", arguments: [
        ComparisonOptions(criteria: PixelCriteria(threshold: 0, colorThreshold: 0), maxDiffPixels: 0, maxDiffRatio: 0),
        ComparisonOptions(criteria: PixelCriteria(threshold: 255, colorThreshold: 1), maxDiffPixels: .max, maxDiffRatio: 1),
    ])
    func bounds(options: ComparisonOptions) throws {
        try options.validate()
        #expect(try !SheetComparer.compareFolders(folder.path + "/a", folder.path + "/b", options: options).fails)
    }

    @Test("The error says which setting, its value and its range", arguments: [
        ("threshold 256", "threshold 256 is out of range: it must be from 0 to 255"),
        ("max-diff-pixels -1", "max-diff-pixels -1 is out of range: it must be at least 0"),
        ("max-diff-ratio 1.01", "max-diff-ratio 1.01 is out of range: it must be from 0 to 1"),
    ])
    func message(name: String, message: String) throws {
        #expect(try Self.options(name).error.description == message)
    }

    /// Every setting away from its default: two ignored areas, some kinds left out.
    static let everything: ComparisonOptions = {
        var options = ComparisonOptions(
            criteria: PixelCriteria(threshold: 3, colorThreshold: 0.1, ignoresAntialiasing: true, alphaBackground: .checkerboard),
            ignored: [
                IgnoredArea(pattern: NamePattern("login.png"), rect: Rect(x: 1, y: 2, width: 30, height: 4)),
                IgnoredArea(pattern: NamePattern("*"), rect: Rect(x: 0, y: 0, width: 5, height: 6)),
            ],
            maxDiffPixels: 10, maxDiffRatio: 0.25, failOn: [.removed, .changed])
        options.failOn.insert(.added)
        return options
    }()

    @Test("The summary's words come from the declarations, in their order")
    func phrases() {
        #expect(ComparisonSetting.phrases(Self.everything) == [
            "threshold 3", "colour 0.1", "anti-aliasing ignored", "alpha over checkerboard", "2 ignored areas", "budget 10 pixels", "budget ratio 0.25",
            "failing on changed,added,removed",
        ])
        #expect(ComparisonSetting.phrases(ComparisonOptions()) == ["threshold 0"])
        #expect(ComparisonSetting.phrases(ComparisonOptions(failOn: [])) == ["threshold 0", "failing on nothing"])
    }

    @Test("The JSON keys are the declared keys; the defaults leave out only unset numbers")
    func jsonKeys() throws {
        let keys = { (options: ComparisonOptions) throws -> Set<String> in
            let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(options)) as? [String: Any]
            return Set(try #require(object).keys)
        }
        #expect(try keys(Self.everything) == Set(ComparisonSetting.all.map(\.key)))
        #expect(try keys(ComparisonOptions()) == ["threshold", "ignoreAntialiasing", "alphaBackground", "ignored", "failOn"])
    }

    @Test("An ignored area spells itself as --ignore reads it")
    func ignoredAreaSpelling() throws {
        for area in Self.everything.ignored {
            #expect(IgnoredArea(argument: area.spelling) == area)
        }
        #expect(Self.everything.ignored.map(\.spelling) == ["login.png:1,2,30x4", "*:0,0,5x6"])
    }
}
