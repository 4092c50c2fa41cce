import Differences
import Foundation
import Geometry
import PinboardCompare
import Testing

/// `ComparisonConfig`: a settings file read into layers, its keys the settings' own
/// spellings camelCased, and the layers laid over each other in order.
@Suite("Settings per name: the settings file")
struct ComparisonConfigTests {
    @Test("Every setting's key is its spelling in camelCase", arguments: [
        (ComparisonSetting.threshold, "threshold"), (.thresholdColor, "thresholdColor"), (.ignoreAntialiasing, "ignoreAntialiasing"),
        (.alphaBackground, "alphaBackground"), (.ignore, "ignore"), (.maxDiffPixels, "maxDiffPixels"),
        (.maxDiffRatio, "maxDiffRatio"), (.failOn, "failOn"),
    ])
    func keys(setting: ComparisonSetting, key: String) {
        #expect(setting.configKey == key)
    }

    @Test("Every setting reads from a file into the options a rule judges by")
    func everySetting() throws {
        let text = """
            {"rules": [{"match": "a/*", "threshold": 3, "thresholdColor": 0.2, "ignoreAntialiasing": true,
              "alphaBackground": "checkerboard", "ignore": ["1,2,3x4", "x.png:0,0,1x1"], "maxDiffPixels": 7,
              "maxDiffRatio": 0.5, "failOn": ["changed", "added"]}]}
            """
        let config = try ComparisonConfig.parse(Data(text.utf8))
        let options = config.options(under: SettingLayer())
        let judged = try #require(options.rules.first?.options)
        #expect(judged.criteria == PixelCriteria(threshold: 3, colorThreshold: 0.2, ignoresAntialiasing: true, alphaBackground: .checkerboard))
        #expect(judged.ignored == [
            IgnoredArea(pattern: NamePattern("*"), rect: Rect(x: 1, y: 2, width: 3, height: 4)),
            IgnoredArea(pattern: NamePattern("x.png"), rect: Rect(x: 0, y: 0, width: 1, height: 1)),
        ])
        #expect(judged.maxDiffPixels == 7 && judged.maxDiffRatio == 0.5 && judged.failOn == [.changed, .added])
        #expect(options.criteria == PixelCriteria(), "the rule's settings are its names' alone")
    }

    @Test("Defaults, then the command line, then a rule: each replaces only what it gives")
    func layers() throws {
        let config = try ComparisonConfig.parse(Data(#"{"defaults": {"threshold": 5, "maxDiffPixels": 2}, "rules": [{"match": "r", "maxDiffPixels": 9}]}"#.utf8))
        var commandLine = SettingLayer()
        commandLine.set(.maxDiffPixels) { $0.maxDiffPixels = 4 }
        let options = config.options(under: commandLine)
        #expect(options.criteria.threshold == 5 && options.maxDiffPixels == 4)
        #expect(options.rules.first?.options.criteria.threshold == 5)
        #expect(options.rules.first?.options.maxDiffPixels == 9)
    }

    @Test("A file nested deeper than the limit is refused before it is parsed; strings' brackets do not count")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: ConfigProblem.tooDeep(limit: ComparisonConfig.depthLimit)) { try ComparisonConfig.parse(Data(deep.utf8)) }
        let brackets = #"{"rules": [{"match": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"[[[[", "threshold": 1}]}"#
        #expect(try ComparisonConfig.parse(Data(brackets.utf8)).rules.count == 1)
    }
}
