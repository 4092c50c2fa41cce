import Differences
import Geometry

/// How a comparison decides what counts and what fails: the per-pixel criteria, the areas
/// to ignore, the budget of each tile, and which kinds of difference fail the run.
///
/// ```swift
/// var options = ComparisonOptions(criteria: PixelCriteria(colorThreshold: 0.1, ignoresAntialiasing: true))
/// options.ignored = [IgnoredArea(pattern: NamePattern("home.png"), rect: Rect(x: 0, y: 0, width: 80, height: 20))]
/// options.maxDiffPixels = 25
/// let report = try SheetComparer.compare(.file("golden.png"), .file("current.png"), options: options)
/// #expect(!report.fails)
/// ```
public struct ComparisonOptions: Sendable, Hashable, Encodable {
    /// When a pixel counts as changed.
    public var criteria: PixelCriteria
    /// Areas whose pixels never count.
    public var ignored: [IgnoredArea]
    /// The changed pixels a tile may have and still pass (Playwright's `maxDiffPixels`);
    /// nil for none.
    public var maxDiffPixels: Int?
    /// The share of a tile's pixels that may change and it still pass, 0…1 (Playwright's
    /// `maxDiffPixelRatio`); nil for none. With both budgets, a tile must keep within both.
    public var maxDiffRatio: Double?
    /// The kinds of difference that fail the run (`SheetComparison.fails`); all by default.
    public var failOn: Set<ChangeKind>
    /// The names a folder comparison keeps (`--only`, repeatable), none for every name:
    /// which pairs are compared, and so which goldens an update may touch. A scope, not a
    /// criterion, so it is not a `ComparisonSetting`.
    public var only: [NamePattern] = []
    /// Other settings for the names a glob matches (`ComparisonConfig`): the first rule
    /// that matches a name judges it (`judging(_:)`); none for one set of settings.
    public var rules: [SettingRule] = []
    /// How the diff images are drawn: how they look, not what counts, so not a
    /// `ComparisonSetting` either.
    public var drawing = DiffStyle()

    public init(
        criteria: PixelCriteria = PixelCriteria(), ignored: [IgnoredArea] = [], maxDiffPixels: Int? = nil,
        maxDiffRatio: Double? = nil, failOn: Set<ChangeKind> = Set(ChangeKind.allCases)
    ) {
        self.criteria = criteria
        self.ignored = ignored
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.failOn = failOn
    }

    /// Checks that every setting keeps to its bounds (`ComparisonSetting.bounds`): what each
    /// comparison does before it reads a pixel.
    ///
    /// - Throws: `CompareError.outOfRange` naming the first setting that does not, with its value.
    public func validate() throws(CompareError) {
        for options in [self] + rules.map(\.options) {
            for setting in ComparisonSetting.all {
                if let error = setting.violation(in: options) { throw error }
            }
        }
    }

    /// The first rule that matches any of `names` (a plain pair's two file names), nil
    /// when none does.
    func rule(for names: String...) -> SettingRule? {
        rules.first { rule in names.contains { rule.pattern.matches($0) } }
    }

    /// The options that judge the image named `name`: its rule's, or these.
    func judging(_ name: String) -> ComparisonOptions {
        rule(for: name)?.options ?? self
    }

    /// Whether `difference` stays within the budget: its changed pixels no more than
    /// `maxDiffPixels` and no more than `maxDiffRatio` of its pixels. Without a budget, no
    /// changed pixel is allowed.
    public func isWithinBudget(_ difference: PixelDifference) -> Bool {
        let changed = difference.changedPixels
        guard maxDiffPixels != nil || maxDiffRatio != nil else { return changed == 0 }
        if let maxDiffPixels, changed > maxDiffPixels { return false }
        // Divided, not multiplied: the quotient is rounded once, so a share exactly at the
        // budget (100 of 10,000 against 0.01) compares equal to the budget's own spelling.
        if let maxDiffRatio, difference.pixelCount > 0, Double(changed) / Double(difference.pixelCount) > maxDiffRatio { return false }
        return true
    }

    /// Whether `only` keeps the image named `name`.
    func includes(_ name: String) -> Bool {
        only.isEmpty || only.contains { $0.matches(name) }
    }

    /// The ignored rects of the image named `name`.
    func ignoredRects(for name: String) -> [Rect] {
        IgnoredArea.rects(in: judging(name).ignored, for: name)
    }

    /// The ignored rects of a plain pair: an area applies when it names either file, since
    /// a user may name the golden or the new screenshot and the two names often differ.
    func ignoredRects(for nameA: String, or nameB: String) -> [Rect] {
        IgnoredArea.rects(in: ignored, for: nameA, nameB)
    }

    /// Each setting under its `ComparisonSetting.key`, the criteria flat beside the rest;
    /// then the rules, when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ComparisonSetting.Key.self)
        for setting in ComparisonSetting.all {
            try setting.value(self).encode(to: &container, as: setting.key)
        }
        if !rules.isEmpty { try container.encode(rules, forKey: ComparisonSetting.Key("rules")) }
    }
}
