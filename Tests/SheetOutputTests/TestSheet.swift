import Foundation
import Geometry
import ImageFormats
import ImageInput
import Layout
import PinboardIO
import Raster
import SheetManifest
import SheetOutput
import TestSupport
import Testing

/// A 300×200 sheet made by hand, gradients in every channel under a fine checkerboard, written through the sink
/// `SheetEncoder` picks, in bands of 64 rows and a last one of 8.
///
/// The RGBA sheet has real transparency: the left 60 columns are fully transparent over
/// colour (which a lossless file must keep), the next 60 ramp the alpha up, the rest are opaque.
struct TestSheet {
    static let width = 300
    static let height = 200
    static let bandRows = 64

    let channels: ChannelLayout
    let pixels: [UInt8]

    init(channels: ChannelLayout) {
        self.channels = channels
        var pixels: [UInt8] = []
        pixels.reserveCapacity(Self.width * Self.height * channels.channelCount)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                // Lighter and darker 4-px squares over the gradients: detail in luma that lossy
                // coding keeps at a good quality and loses at a poor one.
                let texture = (x / 4 + y / 4).isMultiple(of: 2) ? 24 : -24
                // Each gradient runs over 24…231, so the squares stay within 0…255.
                let red = 24 + x * 207 / (Self.width - 1)
                let green = 24 + y * 207 / (Self.height - 1)
                let blue = 255 - (red + green) / 2
                pixels += [UInt8(red + texture), UInt8(green + texture), UInt8(blue + texture)]
                if channels == .rgba { pixels.append(Self.alpha(x: x)) }
            }
        }
        self.pixels = pixels
    }

    static func alpha(x: Int) -> UInt8 {
        x < 60 ? 0 : x < 120 ? UInt8((x - 60) * 255 / 60) : 255
    }

    /// A manifest of one tile over the whole sheet, the sort a sheet carries.
    static let manifest = Manifest(
        width: width, height: height, direction: .vertical, lanes: 1, padding: 0, margin: 0,
        background: .white,
        items: [Manifest.Item(source: "gradient.png", rect: Rect(x: 0, y: 0, width: width, height: height), lane: 0,
                              sourceSize: Size(width: width, height: height))],
        skipped: [])

    /// The sheet's rows in bands, top to bottom.
    func bands() throws -> [Band] {
        let rowBytes = Self.width * channels.channelCount
        return try stride(from: 0, to: Self.height, by: Self.bandRows).map { top in
            let rows = top..<min(top + Self.bandRows, Self.height)
            return try Band(width: Self.width, rows: rows, format: channels,
                            pixels: Array(pixels[(top * rowBytes)..<(rows.upperBound * rowBytes)]), background: .transparent)
        }
    }

    /// Writes the sheet to `path` in `format` and gives the file's bytes.
    func write(to path: String, settings: EncodeSettings) throws -> [UInt8] {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: .system(errno: errno)) }
        defer { close(fd) }
        let sink = SheetEncoder.sink(for: settings, fileDescriptor: fd, name: path)
        try sink.begin(SheetHeader(width: Self.width, height: Self.height, channels: channels))
        for band in try bands() { try sink.write(band) }
        try sink.finish(manifest: Self.manifest)
        return try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The sheet as straight RGBA, as the readers deliver it.
    var rgba: ImageInput.RGBAImage {
        ImageInput.RGBAImage(width: Self.width, height: Self.height, pixels: channels == .rgba ? pixels : RGBA.opaque(fromRGB: pixels))
    }

    /// The file at `path` decoded by pinboard's own readers, as a sheet's sources are.
    static func decode(_ path: String) throws -> ImageInput.RGBAImage {
        let info = try ImageRegistry.pinboard.probe(path: path, limits: .default)
        let format = try #require(ImageRegistry.pinboard.format(named: info.format))
        return try format.openRows(path: path, info: info, minimumSize: nil, limits: .default).readImage()
    }

    /// The samples of the pixels opaque in the source, of both images: what lossy coding is
    /// judged on, since the colour under transparency is the encoder's to drop.
    static func opaqueSamples(_ image: ImageInput.RGBAImage, like source: ImageInput.RGBAImage) -> [UInt8] {
        let opaque: [Int] = stride(from: 0, to: source.pixels.count, by: 4).filter { source.pixels[$0 + 3] == 255 }
        return opaque.flatMap { (offset: Int) -> ArraySlice<UInt8> in image.pixels[offset..<offset + 4] }
    }

    /// Every pixel's alpha, in order.
    static func alphas(of image: ImageInput.RGBAImage) -> [UInt8] {
        stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    }

    /// Writes `bytes` less their last 10 beside `path` and expects `read` of that file to
    /// report it cut, naming it: the metadata each format writes last is what is cut.
    static func expectCutReported(
        _ bytes: [UInt8], beside path: String, by read: (String) throws(ImageError) -> String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let cut = path + ".cut"
        try Data(bytes.dropLast(10)).write(to: URL(fileURLWithPath: cut))
        #expect(sourceLocation: sourceLocation) {
            _ = try read(cut)
        } throws: { error in
            guard let error = error as? ImageError, case .truncated = error.reason else { return false }
            return error.path == cut
        }
    }

    /// Begins a sheet of `width × height` in `settings`' format at `path` and gives what
    /// `begin` threw; the file must still be empty, since nothing may be written before the
    /// sheet is accepted.
    static func refusal(
        of settings: EncodeSettings, width: Int, height: Int, at path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> WriteError? {
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0, sourceLocation: sourceLocation)
        defer { close(fd) }
        let sink = SheetEncoder.sink(for: settings, fileDescriptor: fd, name: path)
        let error = #expect(throws: WriteError.self, sourceLocation: sourceLocation) {
            try sink.begin(SheetHeader(width: width, height: height, channels: .rgb))
        }
        #expect(lseek(fd, 0, SEEK_END) == 0, sourceLocation: sourceLocation)
        return error
    }
}
