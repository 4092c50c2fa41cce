import Differences

/// One setting of a comparison, declared once: its spelling on the command line and in the
/// reports, its key in the JSON report (and, camelCased from the spelling, in a settings
/// file), its words in the terminal's summary, where its value sits in `ComparisonOptions`,
/// how a settings file spells it and the range it must keep to.
///
/// Everything that names a setting reads it from here, so a setting added or renamed is
/// added or renamed once: `ComparisonReport.options`, the JSON `options` object,
/// `pinboard diff`'s summary line and its options' names and bounds.
///
/// ```swift
/// ComparisonSetting.maxDiffPixels.spelling  // "max-diff-pixels"
/// ComparisonSetting.maxDiffPixels.key       // "maxDiffPixels"
/// ComparisonSetting.phrases(ComparisonOptions(maxDiffPixels: 10))  // ["threshold 0", "budget 10 pixels"]
/// ```
public struct ComparisonSetting: Sendable, Equatable, CustomStringConvertible {
    /// The long option of `pinboard diff` and the label in the reports: `max-diff-pixels`.
    public let spelling: String
    /// The key in the JSON report's `options`: `maxDiffPixels`.
    public let key: String
    /// The range a number must keep to; nil for a setting that is not a number.
    public let bounds: ClosedRange<Double>?
    /// Reads the setting's value off the options.
    let value: @Sendable (ComparisonOptions) -> Value
    /// The summary's words for the setting, given its value as `Value.spellings` spells it.
    let phrase: @Sendable ([String]) -> String
    /// Sets the setting in the options from a settings file's value; false when the value
    /// is not what `expected` says.
    let read: @Sendable (JSONValue, inout ComparisonOptions) -> Bool
    /// What a settings file's value must be: "an integer".
    let expected: String
    /// Copies the setting's value from one options to another: how a layer of settings
    /// (`SettingLayer`) overrides the one below it, setting by setting.
    let copy: @Sendable (ComparisonOptions, inout ComparisonOptions) -> Void

    /// Declares a setting stored at `path` in the options.
    init<T: Sendable>(
        spelling: String, key: String, bounds: ClosedRange<Double>?, path: WritableKeyPath<ComparisonOptions, T> & Sendable,
        reader: Reader<T>, value: @escaping @Sendable (T) -> Value, phrase: @escaping @Sendable ([String]) -> String
    ) {
        self.spelling = spelling
        self.key = key
        self.bounds = bounds
        self.value = { value($0[keyPath: path]) }
        self.phrase = phrase
        self.expected = reader.expected
        self.read = { json, options in
            guard let parsed = reader.read(json) else { return false }
            options[keyPath: path] = parsed
            return true
        }
        self.copy = { from, to in to[keyPath: path] = from[keyPath: path] }
    }

    public var description: String { spelling }

    /// The key in a settings file (`ComparisonConfig`): the spelling in camelCase,
    /// `ignore-antialiasing` as `ignoreAntialiasing`.
    public var configKey: String {
        let words = spelling.split(separator: "-")
        return words.prefix(1).joined() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Equal by name: a setting is declared once, so its spelling is its identity.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.spelling == rhs.spelling }

    /// The channel differences `PixelCriteria.threshold` may be.
    public static let thresholds: ClosedRange<Int> = 0...255
    /// The shares `PixelCriteria.colorThreshold` may be.
    public static let colorThresholds: ClosedRange<Double> = 0...1
    /// The pixel budgets `ComparisonOptions.maxDiffPixels` may be.
    public static let pixelBudgets: PartialRangeFrom<Int> = 0...
    /// The shares `ComparisonOptions.maxDiffRatio` may be.
    public static let ratioBudgets: ClosedRange<Double> = 0...1

    public static let threshold = ComparisonSetting(
        spelling: "threshold", key: "threshold", bounds: Double(thresholds.lowerBound)...Double(thresholds.upperBound),
        path: \.criteria.threshold, reader: .integer, value: Value.level, phrase: { "threshold " + $0.joined() })
    public static let thresholdColor = ComparisonSetting(
        spelling: "threshold-color", key: "thresholdColor", bounds: colorThresholds,
        path: \.criteria.colorThreshold, reader: .optionalNumber, value: Value.share, phrase: { "colour " + $0.joined() })
    public static let ignoreAntialiasing = ComparisonSetting(
        spelling: "ignore-antialiasing", key: "ignoreAntialiasing", bounds: nil,
        path: \.criteria.ignoresAntialiasing, reader: .flag, value: Value.flag, phrase: { _ in "anti-aliasing ignored" })
    public static let alphaBackground = ComparisonSetting(
        spelling: "alpha-background", key: "alphaBackground", bounds: nil,
        path: \.criteria.alphaBackground, reader: .word(AlphaBackground.self), value: { .word($0.rawValue, isDefault: $0 == .white) },
        phrase: { "alpha over " + $0.joined() })
    public static let ignore = ComparisonSetting(
        spelling: "ignore", key: "ignored", bounds: nil,
        path: \.ignored, reader: .areas, value: Value.areas, phrase: { "\($0.count) ignored area\($0.count == 1 ? "" : "s")" })
    public static let maxDiffPixels = ComparisonSetting(
        spelling: "max-diff-pixels", key: "maxDiffPixels", bounds: Double(pixelBudgets.lowerBound)...Double(Int.max),
        path: \.maxDiffPixels, reader: .optionalInteger, value: Value.budget, phrase: { "budget \($0.joined()) pixels" })
    public static let maxDiffRatio = ComparisonSetting(
        spelling: "max-diff-ratio", key: "maxDiffRatio", bounds: ratioBudgets,
        path: \.maxDiffRatio, reader: .optionalNumber, value: Value.share, phrase: { "budget ratio " + $0.joined() })
    public static let failOn = ComparisonSetting(
        spelling: "fail-on", key: "failOn", bounds: nil,
        path: \.failOn, reader: .kinds, value: Value.kinds, phrase: { "failing on " + ($0.joined().isEmpty ? "nothing" : $0.joined()) })

    /// Every setting, in the order the reports list them.
    public static let all = [threshold, thresholdColor, ignoreAntialiasing, alphaBackground, ignore, maxDiffPixels, maxDiffRatio, failOn]

    /// The words of the summary for the settings of `options` that are shown (see
    /// `Value.spellings`): "threshold 0, colour 0.1, budget 10 pixels".
    public static func phrases(_ options: ComparisonOptions) -> [String] {
        all.compactMap { setting in
            let spellings = setting.value(options).spellings
            return spellings.isEmpty ? nil : setting.phrase(spellings)
        }
    }

    /// The error for `options` when its value lies outside `bounds`, nil when it keeps to them.
    func violation(in options: ComparisonOptions) -> CompareError? {
        let value = value(options)
        guard let bounds, let number = value.number, !bounds.contains(number) else { return nil }
        return .outOfRange(self, value)
    }

    /// "from 0 to 255", "at least 0": the bounds as the error says them.
    var expectation: String {
        guard let bounds else { return "" }
        let lower = Self.text(bounds.lowerBound)
        return bounds.upperBound == Double(Int.max) ? "at least \(lower)" : "from \(lower) to \(Self.text(bounds.upperBound))"
    }

    /// A bound as a person writes it: `255`, not `255.0`.
    private static func text(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }
}
