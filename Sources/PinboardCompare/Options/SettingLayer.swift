/// Some of a comparison's settings, given at one level: a settings file's `defaults` or a
/// rule, or the command line. A layer laid over options replaces the settings it gives,
/// each whole (an `ignore` list replaces the one below it), and leaves the others.
///
/// ```swift
/// var commandLine = SettingLayer()
/// commandLine.set(.maxDiffPixels) { $0.maxDiffPixels = 10 }
/// let options = commandLine.laid(over: ComparisonOptions())  // budget 10, all else default
/// ```
public struct SettingLayer: Sendable, Hashable {
    /// The values; only those of `given` count.
    public var values = ComparisonOptions()
    /// The spellings of the settings this layer gives.
    public private(set) var given: Set<String> = []

    public init() {}

    /// Gives `setting`, its value as `change` sets it in `values`.
    public mutating func set(_ setting: ComparisonSetting, _ change: (inout ComparisonOptions) -> Void = { _ in }) {
        change(&values)
        given.insert(setting.spelling)
    }

    /// Whether the layer gives `setting`.
    public func gives(_ setting: ComparisonSetting) -> Bool {
        given.contains(setting.spelling)
    }

    /// `options` with the settings this layer gives replaced by its values.
    public func laid(over options: ComparisonOptions) -> ComparisonOptions {
        var options = options
        for setting in ComparisonSetting.all where gives(setting) {
            setting.copy(values, &options)
        }
        return options
    }
}
