import Pinboard
import Testing

/// `SheetOptions` holds its ranges at the API: a value out of range is a typed error from
/// the planner, before any input is read, never a trap.
@Suite("SheetOptions validation")
struct SheetOptionsValidationTests {
    /// The case the error must be, as plain values: setting, value and range.
    func outOfRange(_ error: PinboardError?) -> (SheetSetting, Int, ClosedRange<Int>)? {
        guard case .settingOutOfRange(let setting, let value, let allowed) = error else { return nil }
        return (setting, value, allowed)
    }

    /// The default options with `setting` set to `value`.
    static func options(_ setting: SheetSetting, _ value: Int) -> SheetOptions {
        var options = SheetOptions()
        switch setting {
        case .compression: options.compression = value
        case .quality: options.encoding.quality = value
        case .jobs: options.jobs = value
        case .labelSize: options.labelSize = value
        case .maxCropPercent: options.maxCropPercent = value
        case .cornerRadius: options.cornerRadius = value
        case .tileSize: options.encoding.deepZoom.tileSize = value
        case .tileOverlap: options.encoding.deepZoom.overlap = value
        case .maxHeight: options.maxHeight = value
        case .maxMemory: options.maxMemory = value
        case .maxEnlargement: options.maxEnlargement = value
        case .maxSheetPixels: options.maxSheetPixels = value
        case .placement, .tolerance, .spanWide, .spanAll, .rowHeight, .rowTolerance, .widows, .maxRows, .breaks,
            .cellWidth, .cellHeight, .fit:
            break
        }
        return options
    }

    @Test("Compression 10 throws settingOutOfRange naming compression, 10 and 0...9")
    func compressionTen() throws {
        var options = SheetOptions()
        options.compression = 10
        let error = #expect(throws: PinboardError.self) { try options.validated() }
        let found = try #require(outOfRange(error))
        #expect(found.0 == .compression)
        #expect(found.1 == 10)
        #expect(found.2 == 0...9)
        #expect(error?.description == "compression is 10; it must be from 0 to 9")
    }

    @Test("The planner throws the setting out of range before it looks at any input", arguments: [
        (SheetSetting.compression, -1), (.compression, 10), (.quality, 0), (.quality, 101), (.jobs, 0), (.labelSize, 5), (.labelSize, 201),
        (.maxCropPercent, 51), (.cornerRadius, -1), (.tileSize, 0), (.tileSize, 8193), (.tileOverlap, -1), (.maxHeight, 0),
    ])
    func planner(setting: SheetSetting, value: Int) throws {
        let error = #expect(throws: PinboardError.self) { try SheetPlanner.plan(paths: [], options: Self.options(setting, value)) }
        let found = try #require(outOfRange(error), "\(String(describing: error))")
        #expect(found.0 == setting)
        #expect(found.1 == value)
        #expect(found.2 == setting.allowed)
    }

    @Test("The ends of each setting's range are allowed", arguments: SheetSetting.allCases.filter { $0.allowed != nil })
    func ends(setting: SheetSetting) throws {
        let allowed = try #require(setting.allowed)
        let ends = [allowed.lowerBound] + (allowed.upperBound == .max || setting == .tileOverlap ? [] : [allowed.upperBound])
        for value in ends {
            #expect(throws: Never.self, "\(setting) \(value)") { try Self.options(setting, value).validated() }
        }
    }

    @Test("The demo board validates its options too")
    func demo() throws {
        var options = SheetOptions()
        options.jobs = 0
        let error = #expect(throws: PinboardError.self) { try DemoBoard.plan(seed: 1, options: options) }
        #expect(outOfRange(error)?.0 == .jobs)
    }
}
