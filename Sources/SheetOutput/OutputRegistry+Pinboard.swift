extension OutputRegistry {
    /// Every format pinboard writes, one line each, in the order `--help` lists them: a new
    /// format is its `OutputKind` (a file in `Kinds/`) and its line here.
    public static let pinboard = OutputRegistry([
        PNGOutput.self,
        JPEGOutput.self,
        WebPOutput.self,
        AVIFOutput.self,
        TIFFOutput.self,
        DeepZoomOutput.self,
        IIIFOutput.self,
    ])
}
