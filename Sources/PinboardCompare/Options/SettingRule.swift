/// Settings for the names a glob matches: a rule of a settings file (`ComparisonConfig`),
/// its options already resolved over the defaults and the command line.
///
/// The first rule of `ComparisonOptions.rules` whose pattern matches a name judges that
/// name; names no rule matches are judged by the options themselves.
public struct SettingRule: Sendable, Hashable, Encodable {
    /// The names the rule judges: `login/*`.
    public let pattern: NamePattern
    /// Every setting the rule's names are judged by; its own `rules` are empty.
    public let options: ComparisonOptions

    public init(pattern: NamePattern, options: ComparisonOptions) {
        self.pattern = pattern
        var options = options
        options.rules = []
        self.options = options
    }

    /// The rule as the JSON report shows it: its `match` beside its settings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ComparisonSetting.Key.self)
        try container.encode(pattern.text, forKey: ComparisonSetting.Key("match"))
        try options.encode(to: encoder)
    }
}
