import ArgumentParsing

/// The declaration of `pinboard demo`: the layout's own demo, drawn without any images.
enum DemoCommand {
    static var command: Command<DemoRequest> {
        Command(
            name: "pinboard demo",
            abstract: "Draw the masonry demo: two columns of twenty coloured blocks, no images needed.",
            discussion: """
                The first screen of the iOS Pinterest-layout tutorial: block heights from 30 to \
                199 pixels and colours with channels from 5 to 204, drawn from the seed and placed \
                by the same engine as any photo, so it shows the layout at a glance and makes \
                generated test input.
                """,
            defaults: DemoRequest(),
            options: [
                .option(\.output, long: "output", short: "o", valueName: "FILE", completion: .files,
                        help: "Where to write the sheet PNG; '-' writes it to stdout."),
                .option(\.seed, long: "seed", valueName: "N",
                        help: "Picks the blocks; the same seed draws the same sheet.", bounds: 0...),
                .option(\.width, long: "width", short: "w", valueName: "PX",
                        help: "Sheet width in pixels.", bounds: 30...),
                .flag(\.quiet, long: "quiet", short: "q", help: "Print no progress."),
            ]
        )
    }
}
