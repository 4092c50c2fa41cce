import GIFCodec
import HEIFCodec
import ImageInput
import JPEGCodec
import PNGCodec
import TIFFCodec
import WebPCodec

extension ImageRegistry {
    /// Every format pinboard reads, one line each: a new format is a C target, a small
    /// module with its `ImageFormat`, and its line here. Public, in a module of its own,
    /// so the facade, the comparer and any tool that reads what pinboard reads share one
    /// list, and the formats' tests can go through every one of them.
    public static let pinboard = ImageRegistry([
        PNGFormat.self,
        JPEGFormat.self,
        WebPFormat.self,
        GIFFormat.self,
        TIFFFormat.self,
        HEICFormat.self,
        AVIFFormat.self,
    ])
}
