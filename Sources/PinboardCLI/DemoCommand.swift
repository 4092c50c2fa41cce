import ArgumentParsing
import SheetOutput

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
                SharedOptions.output(\.output),
                .option(\.seed, long: "seed", valueName: "N",
                        help: "Picks the blocks; the same seed draws the same sheet.", bounds: 0...),
                SharedOptions.width(\.width, help: "Sheet width in pixels.", bounds: 30...),
                SharedOptions.quiet(\.quiet, help: "Print no progress."),
            ],
            validate: { (request: DemoRequest) throws(UsageError) in
                // As for any sheet: the ending names the format, never a PNG under another name.
                if request.output != "-", SheetFormat(fileName: request.output) == nil {
                    throw .invalidValue(
                        request.output, option: "--output", expected: PinboardCommand.outputExpectation, suggestion: nil)
                }
            }
        )
    }
}
