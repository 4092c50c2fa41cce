import Differences
import PinboardCompare
import Raster

/// What a `pinboard diff` command line asks for.
struct DiffRequest: Equatable, Sendable {
    /// Two sheets (or plain images), or two folders.
    var sheetA = ""
    var sheetB = ""
    /// Where to write the diff sheet; none when nil.
    var output: String?
    /// The largest channel difference still counted as unchanged.
    var threshold = 0
    /// pixelmatch's perceptual threshold, 0…1; none when nil.
    var colorThreshold: Double?
    var ignoreAntialiasing = false
    /// What pixels that are not opaque are blended over: white (pixelmatch 6) or checkerboard (pixelmatch 7).
    var alphaBackground = AlphaBackground.white
    /// `--ignore` areas, in the order given.
    var ignores: [IgnoredArea] = []
    /// A JSON file of more ignored areas.
    var ignoreFile: String?
    var maxDiffPixels: Int?
    var maxDiffRatio: Double?
    var failOn = ChangeKinds(Set(ChangeKind.allCases))
    /// The report as JSON on stdout instead of lines for a person.
    var json = false
    var quiet = false
    /// `--update[=MODES]`: accept B's files as A's goldens; nil for no update.
    var update: UpdateModes?
    /// `--prune`: remove A's files that B lacks.
    var prune = false
    /// `--only GLOB`: the names compared, and updated; every name when empty.
    var only: [NamePattern] = []
    /// The HTML and JUnit reports to write.
    var reports = ReportOutputs()
    /// How the diff images are drawn.
    var diffColor = DiffPaint.changedColor
    var aaColor = DiffPaint.antialiasedColor
    var diffMask = false
    /// `--diff-fade`: nil for pinboard's own look.
    var diffFade: Double?
    /// `--config FILE`: settings per name; none when nil.
    var config: String?
    /// The spellings of the settings the command line gives, which override the settings
    /// file's defaults.
    var given: Set<String> = []

    /// The comparison's options, with the areas of `--ignore-file` after those of `--ignore`:
    /// the settings file's defaults, the settings given here over them, its rules over both.
    func options() throws(CompareError) -> ComparisonOptions {
        let fromFile = try ignoreFile.map { path throws(CompareError) in try IgnoredArea.read(file: path) } ?? []
        var commandLine = SettingLayer()
        commandLine.values = ComparisonOptions(
            ignored: ignores + fromFile, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, failOn: failOn.kinds)
        commandLine.values.criteria.threshold = threshold
        commandLine.values.criteria.colorThreshold = colorThreshold
        commandLine.values.criteria.ignoresAntialiasing = ignoreAntialiasing
        commandLine.values.criteria.alphaBackground = alphaBackground
        for setting in ComparisonSetting.all where given.contains(setting.spelling) {
            commandLine.set(setting)
        }
        let settings = try config.map { path throws(CompareError) in try ComparisonConfig.read(file: path) } ?? ComparisonConfig()
        var options = settings.options(under: commandLine)
        options.only = only
        options.drawing.changedColor = diffColor
        options.drawing.antialiasedColor = aaColor
        options.drawing.mask = diffMask
        options.drawing.fade = diffFade
        return options
    }
}
