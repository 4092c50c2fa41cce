import PinboardIO

/// The one place a format's sink is chosen: every output of a sheet (a file, standard
/// output, a temporary file for memory) asks here with its descriptor. A pyramid, which
/// is no descriptor's, is `DeepZoomSink`'s or `IIIFSink`'s.
public enum SheetEncoder {
    /// The sink writing `settings.format` to `fileDescriptor`, named `name` in errors.
    ///
    /// - Parameter threads: how many threads may encode, where the format can use several.
    public static func sink(
        for settings: EncodeSettings, fileDescriptor: Int32, name: String, threads: Int = 1
    ) -> any SheetSink {
        switch settings.format {
        case .png:
            PNGSheetSink(fileDescriptor: fileDescriptor, name: name, compression: settings.compression, threads: threads)
        case .jpeg:
            JPEGSheetSink(fileDescriptor: fileDescriptor, name: name, quality: settings.quality, subsampling: settings.subsampling)
        case .tiff:
            TIFFSheetSink(fileDescriptor: fileDescriptor, name: name, compression: settings.compression)
        case .webp:
            GatheringSheetSink(
                WebPSheetEncoder(quality: settings.quality, lossless: settings.lossless), fileDescriptor: fileDescriptor, name: name)
        case .avif:
            GatheringSheetSink(
                AVIFSheetEncoder(quality: settings.quality, lossless: settings.lossless), fileDescriptor: fileDescriptor, name: name)
        case .dzi, .iiif:
            RefusingSheetSink(name: name, reason: "a pyramid is a folder of files, not one stream; "
                + "write it to a path ending in .dzi, or a folder with --format iiif")
        }
    }
}
