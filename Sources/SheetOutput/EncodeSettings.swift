/// How a sheet's format encodes it: the settings the formats share, each read by the
/// formats it applies to and ignored by the others (each kind's `OutputKind.settings`).
public struct EncodeSettings: Hashable, Sendable {
    /// How a lossy format stores colour: every pixel's (4:4:4) or one per 2×2 block (4:2:0).
    public enum Subsampling: String, CaseIterable, Hashable, Sendable {
        case s420 = "420"
        case s444 = "444"
    }

    public var format: SheetFormat
    /// Deflate level of PNG and TIFF, 0 to 9.
    public var compression: Int
    /// Quality of JPEG, lossy WebP and lossy AVIF, 1 to 100.
    public var quality: Int
    /// Chroma subsampling of JPEG.
    public var subsampling: Subsampling
    /// Whether WebP and AVIF are lossless (exact pixels).
    public var lossless: Bool
    /// How a Deep Zoom pyramid is cut into pyramid tiles; its JPEG and WebP tiles take `quality`.
    public var deepZoom: DeepZoomSettings
    /// Where a IIIF tree will be served from, less its folder's name: the start of its `id`;
    /// libvips's placeholder, `IIIFSink.defaultID`, when nil.
    public var iiifBaseID: String?

    public init(
        format: SheetFormat = .png, compression: Int = 6, quality: Int = 90, subsampling: Subsampling = .s420,
        lossless: Bool = false, deepZoom: DeepZoomSettings = DeepZoomSettings(), iiifBaseID: String? = nil
    ) {
        self.format = format
        self.compression = compression
        self.quality = quality
        self.subsampling = subsampling
        self.lossless = lossless
        self.deepZoom = deepZoom
        self.iiifBaseID = iiifBaseID
    }
}
