import ArgumentParsing

/// The declaration of `pinboard manifest SHEET`: print the manifest a sheet carries.
enum ManifestCommand {
    static var command: Command<ManifestRequest> {
        Command(
            name: "pinboard manifest",
            abstract: "Print the layout manifest embedded in a sheet, as JSON.",
            discussion: """
                Every sheet pinboard writes carries its manifest where its format has room (a \
                PNG's compressed iTXt chunks with keyword 'pinboard:manifest', a JPEG's APP11 \
                segments, a WebP chunk, an AVIF item, a TIFF's ImageDescription, the file \
                beside a pyramid): the tool and library versions, the options, and for each \
                tile its source, the source's SHA-256 and size, its rect and its scale. This \
                prints it exactly as embedded; the pixels are not read.
                """,
            defaults: ManifestRequest(),
            options: [],
            positionals: [
                .single(\.sheet, valueName: "SHEET", help: "A sheet written by pinboard, or a pyramid's .dzi or IIIF folder."),
            ]
        )
    }
}
