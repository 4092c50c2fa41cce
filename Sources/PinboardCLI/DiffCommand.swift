/// The declaration of `pinboard diff A B`: compare two sheets tile by tile.
enum DiffCommand {
    static var command: Command<DiffRequest> {
        Command(
            name: "pinboard diff",
            abstract: "Compare two sheets tile by tile and report what changed.",
            discussion: """
                Tiles are paired through the manifests pinboard embeds in its sheets, by each \
                source's path below the folder it was found in (or its file name), so the two \
                sheets may come from different folders and their layouts may differ. Prints one \
                line per changed tile (largest channel difference, changed pixels, PSNR) and the \
                tiles only in A or only in B. A tile drawn at another size from the same file \
                (same SHA-256) is listed as rescaled and is no change. Sheets without a \
                manifest are compared as plain \
                images of the same size, differing areas reported as boxes. Exits 0 when nothing \
                changed beyond the threshold, 1 when something did, 2 when the sheets cannot be \
                read or the command line is wrong.
                """,
            defaults: DiffRequest(),
            options: [
                .option(\.output, long: "output", short: "o", valueName: "FILE", completion: .files,
                        help: "Also write a diff sheet: B's layout with unchanged tiles faded, changed "
                            + "pixels in magenta-red, tiles only in B framed in green and tiles whose "
                            + "size changed in orange."),
                .option(\.threshold, long: "threshold", valueName: "N",
                        help: "The largest difference in any channel (0-255) still counted as unchanged.",
                        bounds: 0...255),
                .flag(\.json, long: "json", help: "Print the report as JSON instead of lines."),
                .flag(\.quiet, long: "quiet", short: "q", help: "Print nothing; only the exit status tells."),
            ] + reportOptions,
            positionals: [
                .single(\.sheetA, valueName: "A", help: "The reference sheet (the golden one)."),
                .single(\.sheetB, valueName: "B", help: "The sheet to check against it."),
            ]
        )
    }
}
