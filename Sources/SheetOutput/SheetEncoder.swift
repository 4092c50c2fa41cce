import PinboardIO

/// Where every output of a sheet through a descriptor (a file, standard output, a
/// temporary file for memory) gets its sink: the one its format's kind makes. A pyramid,
/// which is no descriptor's, is made from a path (`OutputWriting.folder`).
public enum SheetEncoder {
    /// The sink writing `settings.format` to `fileDescriptor`, named `name` in errors; a
    /// sink that refuses the sheet when the format is a pyramid.
    ///
    /// - Parameter threads: how many threads may encode, where the format can use several.
    public static func sink(
        for settings: EncodeSettings, fileDescriptor: Int32, name: String, threads: Int = 1
    ) -> any SheetSink {
        switch settings.format.kind.writing {
        case .stream(let sink):
            sink(settings, fileDescriptor, name, threads)
        case .folder:
            RefusingSheetSink(
                name: name, reason: "a pyramid is a folder of files, not one stream; write it to " + pyramidDestinations)
        }
    }

    /// Where each pyramid format can be written, as the registry lists them: "a path ending
    /// in .dzi, or a folder with --format iiif".
    private static var pyramidDestinations: String {
        OutputRegistry.pinboard.formats.filter(\.isPyramid).map { format in
            format.fileExtensions.first.map { "a path ending in .\($0)" } ?? "a folder with --format \(format.name)"
        }.joined(separator: ", or ")
    }
}
