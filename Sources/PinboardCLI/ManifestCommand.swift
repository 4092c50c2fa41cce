import ArgumentParsing

/// The declaration of `pinboard manifest SHEET`: print the manifest a sheet carries.
enum ManifestCommand {
    static var command: Command<ManifestRequest> {
        Command(
            name: "pinboard manifest",
            abstract: "Print the layout manifest embedded in a sheet, as JSON.",
            discussion: """
                Every sheet pinboard writes carries its manifest in a compressed iTXt chunk \
                (keyword 'pinboard:manifest'): the tool and library versions, the options, and \
                for each tile its source, the source's SHA-256 and size, its rect and its scale. \
                This prints it exactly as embedded; only the chunks are read, not the pixels.
                """,
            defaults: ManifestRequest(),
            options: [],
            positionals: [
                .single(\.sheet, valueName: "SHEET", help: "A PNG written by pinboard."),
            ]
        )
    }
}
