import ArgumentParsing
import Differences
import PinboardCompare
import SheetOutput

/// The declaration of `pinboard diff A B`: compare two sheets tile by tile, or two folders
/// file by file.
enum DiffCommand {
    static var command: Command<DiffRequest> {
        Command(
            name: "pinboard diff",
            abstract: "Compare two sheets tile by tile (or two folders file by file) and report what changed.",
            discussion: """
                Tiles are paired through the manifests pinboard embeds in its sheets, by each \
                source's path below the folder it was found in (or its file name), so the two \
                sheets may come from different folders and their layouts may differ. Prints one \
                line per changed tile (largest channel difference, changed pixels, PSNR) and the \
                tiles only in A or only in B. A tile drawn at another size from the same file \
                (same SHA-256) is listed as rescaled and is no change. Sheets without a \
                manifest are compared as plain \
                images of the same size, differing areas reported as boxes. Given two folders, \
                compares their images paired by path below each folder, on every core. Tiles or \
                files of different sizes from different sources are compared over the area both \
                share and reported as resized. A pixel counts as changed when it passes every \
                threshold given; --threshold-color measures colour distance as pixelmatch does, in \
                NTSC YIQ space (brightness weighted most, then the two colour axes), which follows \
                what people see far better than channel differences at the cost of a few \
                multiplications a pixel. Exits 0 when nothing fails (see --fail-on and the \
                budgets), 1 when something does, 2 when the inputs cannot be read or the command \
                line is wrong. docs/pixel-tests.md tells more.
                """,
            defaults: DiffRequest(),
            options: [
                SharedOptions.output(\.output, help: "Also write a diff sheet: B's layout with unchanged tiles faded, changed "
                            + "pixels in magenta-red, anti-aliased ones in yellow, ignored areas hatched, tiles only "
                            + "in B framed in green and tiles whose size changed framed and padded in orange."),
                .option(\.diffColor, long: "diff-color", valueName: "COLOR",
                        help: "The colour of changed pixels in the diff images (pixelmatch's diffColor, #ff0000 there)."),
                .option(\.aaColor, long: "aa-color", valueName: "COLOR",
                        help: "The colour of pixels that differ by anti-aliasing only (pixelmatch's aaColor, #ffff00 there)."),
                .flag(\.diffMask, long: "diff-mask",
                      help: "Draw only the changed pixels, on transparent (pixelmatch's diffMask): no anti-aliased pixels, hatching or frames."),
                .option(\.diffFade, long: "diff-fade", valueName: "F",
                        help: "Draw unchanged pixels as B's faded towards white by F (0-1): 0 as in B, 1 white; without it, "
                            + "0.75, and the marked tiles of a sheet as they are.", bounds: DiffStyle.fades),
                setting(.threshold, .option(\.threshold, long: ComparisonSetting.threshold.spelling, valueName: "N",
                        help: "The largest difference in any channel (0-255) still counted as unchanged.",
                        bounds: ComparisonSetting.thresholds)),
                setting(.thresholdColor, .option(\.colorThreshold, long: ComparisonSetting.thresholdColor.spelling, valueName: "T",
                        help: "Also require a perceptual colour distance over T (0-1, pixelmatch's threshold: "
                            + "a distance in YIQ space over 35215 times T squared, 35215 being red against cyan); 0.1 is pixelmatch's default.",
                        bounds: ComparisonSetting.colorThresholds)),
                setting(.ignoreAntialiasing, .flag(\.ignoreAntialiasing, long: ComparisonSetting.ignoreAntialiasing.spelling,
                      help: "Count pixels that differ only by anti-aliasing apart (pixelmatch's detector), drawn in "
                          + "yellow; they never fail the run.")),
                setting(.alphaBackground, .option(\.alphaBackground, long: ComparisonSetting.alphaBackground.spelling,
                        help: "What pixels that are not opaque are blended over before their colour is measured: white "
                            + "(pixelmatch 6, and 7 with checkerboard: false) or checkerboard (pixelmatch 7's default, as it draws it).")),
                setting(.ignore, .option(\.ignores, long: ComparisonSetting.ignore.spelling, valueName: "NAME_OR_GLOB:X,Y,WxH",
                        help: "Ignore a rect inside each tile, file or plain image whose name matches (* and ? as in "
                            + "the shell, * crossing /); its pixels never count and are hatched. Repeatable.")),
                setting(.ignore, SharedOptions.file(\.ignoreFile, long: "ignore-file",
                        help: "Ignore the rects of a JSON file: an array of {\"name\", \"x\", \"y\", \"width\", \"height\"}.")),
                setting(.maxDiffPixels, .option(\.maxDiffPixels, long: ComparisonSetting.maxDiffPixels.spelling, valueName: "N",
                        help: "A tile with at most N changed pixels passes (still listed as changed).", bounds: ComparisonSetting.pixelBudgets)),
                setting(.maxDiffRatio, .option(\.maxDiffRatio, long: ComparisonSetting.maxDiffRatio.spelling, valueName: "R",
                        help: "A tile with at most R (0-1) of its pixels changed passes; with both budgets, it must keep within both.",
                        bounds: ComparisonSetting.ratioBudgets)),
                setting(.failOn, .option(\.failOn, long: ComparisonSetting.failOn.spelling, valueName: "KINDS",
                        help: "The kinds of difference that exit 1, comma-separated: changed, resized, added "
                            + "(only in B), removed (only in A).")),
                SharedOptions.file(\.config, long: "config",
                        help: "Read settings per name from a JSON file: {\"defaults\": {…}, \"rules\": [{\"match\": GLOB, …}]}, "
                            + "the options above in camelCase; options given here override defaults, the first matching rule both."),
                .option(\.update, long: "update", valueName: "MODES", bare: .bare,
                        help: "Accept B's files as A's goldens, each written atomically: changed (rewrite A's files that "
                            + "differ), missing (add B's files A lacks), all; alone, changed,missing. A sheet is replaced "
                            + "whole. Exits 0 when everything that failed was updated."),
                .flag(\.prune, long: "prune", help: "Also remove A's files that B lacks."),
                .option(\.only, long: "only", valueName: "GLOB",
                        help: "Compare, and update, only the files of two folders whose names match (* crossing /). Repeatable."),
                .flag(\.json, long: "json", help: "Print the report as JSON instead of lines."),
                SharedOptions.quiet(\.quiet, help: "Print nothing; only the exit status tells."),
            ] + reportOptions,
            positionals: [
                .single(\.sheetA, valueName: "A", help: "The reference sheet or folder (the golden one)."),
                .single(\.sheetB, valueName: "B", help: "The sheet or folder to check against it."),
            ],
            validate: validate
        )
    }

    /// Refuses a diff sheet whose name's ending names no format pinboard writes as one file,
    /// as the main command refuses one: its format follows its name (`diff.jpg` is a JPEG; a
    /// name with no ending, a device or a pipe's, is a PNG).
    static func validate(_ request: DiffRequest) throws(UsageError) {
        guard let output = request.output, Self.hasEnding(output) else { return }
        guard let format = SheetFormat(fileName: output), !format.isPyramid else {
            let endings = SheetFormat.allCases.filter { !$0.isPyramid }.flatMap(\.fileExtensions).map { "." + $0 }
            throw .invalidValue(
                output, option: "--output",
                expected: "a name ending in " + PinboardCommand.series(endings, "or")
                    + " (a diff sheet is one file, in the format its name gives)",
                suggestion: nil)
        }
    }

    /// Whether the last part of `path` has an ending after a dot (`diff.png`, not `out/diff`).
    private static func hasEnding(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.dropFirst().contains(".")
    }

    /// `option`, which sets `setting`, noting that the command line gives it: so it
    /// overrides a settings file's defaults (`SettingLayer`), even at its default value.
    private static func setting(_ setting: ComparisonSetting, _ option: Command<DiffRequest>.Option) -> Command<DiffRequest>.Option {
        option.noting { $0.given.insert(setting.spelling) }
    }
}
