import CLibTIFF
import Foundation
import ImageInput
import Synchronization
@testable import TIFFCodec
import TestSupport
import Testing

/// Calls that reached libtiff's process-wide error or warning handler, which print to stderr.
private let globalHandlerCalls = Atomic<Int>(0)

/// Damaged input must end in an `ImageError` naming the file: never a trap, a hang, a
/// huge allocation, a line on stderr or a silently wrong picture.
@Suite("Bad input")
struct BadInputTests {
    static let decode = MemoryDecode { bytes, name, limits throws(ImageError) in try TIFFRowReader(bytes: bytes, name: name, limits: limits) }

    @Test("Data that is not a TIFF is refused by its signature")
    func notTIFF() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let mismatch = ImageError.Reason.signatureMismatch(expected: "TIFF", signature: "does not start with II*\\0 or MM\\0*")
        #expect(throws: ImageError(path: "x", reason: mismatch)) { try TIFFFormat.probe(MemoryBytes(png), path: "x", limits: .default) }
        #expect(throws: ImageError(path: "x", reason: mismatch)) { try Self.decode(png, name: "x") }
        #expect(throws: ImageError(path: "x", reason: .emptyFile)) { try Self.decode([], name: "x") }
        #expect(throws: ImageError(path: "x", reason: .truncated(while: "reading the TIFF header"))) {
            try Self.decode([0x49, 0x49, 0x2A], name: "x")
        }
    }

    /// A cut file must fail; were one to decode, it must at least be to the whole file's pixels.
    static func checkTruncation(_ bytes: [UInt8], at length: Int, whole: RGBAImage) -> Bool {
        do {
            let reader = try TIFFRowReader(bytes: Array(bytes.prefix(length)), name: "mutant")
            let same = try reader.readImage() == whole
            #expect(same, "cut at \(length) of \(bytes.count) decoded to other pixels; warnings: \(reader.warnings)")
            return false
        } catch {
            #expect(error.path == "mutant")
            switch error.reason {
            case .truncated, .emptyFile: break
            default: Issue.record("cut at \(length) of \(bytes.count): \(error)")
            }
            return true
        }
    }

    @Test("Every truncation of a small file fails cleanly", arguments: ["rgb-strips.tif", "palette.tif", "rgba.tif", "jpeg.tif"])
    func everyTruncation(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let whole = try Self.decode(bytes)
        let failures = (0..<bytes.count).filter { Self.checkTruncation(bytes, at: $0, whole: whole) }.count
        #expect(failures == bytes.count, "\(failures) of \(bytes.count) cuts refused")
    }

    @Test("Truncations of bigger files, every 7th length and the first 64, fail cleanly", arguments: ["tiled.tif", "rgb16.tif"])
    func strideTruncation(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let whole = try Self.decode(bytes)
        let lengths = Array(0..<64) + Array(Swift.stride(from: 64, to: bytes.count, by: 7))
        let failures = lengths.filter { Self.checkTruncation(bytes, at: $0, whole: whole) }.count
        #expect(failures == lengths.count, "\(failures) of \(lengths.count) cuts refused")
    }

    @Test("The error for a file cut in its pixel data says so")
    func truncatedMessage() throws {
        let bytes = try Fixture.bytes("tiled.tif")
        // The directory is at the end; keep it and lose the last tiles' data by moving it.
        let cut = Array(bytes.prefix(4000))
        let error = #expect(throws: ImageError.self) { try Self.decode(cut) }
        switch error?.reason {
        case .truncated(let stage)?: #expect(stage.hasPrefix("reading the header and first directory"), "\(stage)")
        default: Issue.record("expected a cut file, got \(String(describing: error))")
        }
    }

    @Test("Flipped bits either decode or throw, never crash", arguments: ["rgb-strips.tif", "palette.tif", "tiled.tif", "grey.tif"])
    func flippedBits(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let failures = BitFlips.failures(decoding: bytes, keeping: 4, count: 300) { try Self.decode($0) }
        #expect(failures < 300)
    }

    @Test("A 100000×100000 directory is refused before any pixel memory exists")
    func huge() throws {
        let path = Fixture.path("huge.tif")
        let tooMany = ImageError(path: path, reason: .tooManyPixels(width: 100000, height: 100000, limit: 1 << 28))
        #expect(throws: tooMany) { try TIFFFormat.probe(MemoryBytes(Fixture.bytes("huge.tif")), path: path, limits: .default) }
        #expect(throws: tooMany) { try TIFFRowReader(path: path) }
    }

    /// With the strip arrays read one entry at a time, 2^28 or 2^31 claimed strips cost one
    /// small read each when a row needs them, not gigabytes up front.
    @Test("Hundreds of millions of claimed strips cost neither memory nor time",
          arguments: [("many-strips.tif", DecodeLimits.default), ("strips-2-31.tif", DecodeLimits(maxPixels: 1 << 32))])
    func manyStrips(name: String, limits: DecodeLimits) throws {
        let bytes = try Fixture.bytes(name)
        let info = try TIFFFormat.probe(MemoryBytes(bytes), path: name, limits: limits)
        #expect(info.width == 1 && info.height > 1 << 27)
        let reader = try TIFFRowReader(bytes: bytes, name: name, limits: limits)
        var row = [UInt8](repeating: 0, count: 4)
        let error = #expect(throws: ImageError.self) {
            try row.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: 4, count: 1) }
        }
        switch error?.reason {
        case .truncated?: break
        default: Issue.record("expected a cut file, got \(String(describing: error))")
        }
    }

    @Test("The same file is refused when the limit is lower than its claim")
    func strips231OverDefaultLimit() throws {
        let path = Fixture.path("strips-2-31.tif")
        #expect(throws: ImageError(path: path, reason: .tooManyPixels(width: 1, height: 1 << 31, limit: 1 << 28))) {
            try TIFFRowReader(path: path)
        }
    }

    @Test("Floating-point samples are refused with what the file holds, not libtiff's \"can not handle\"")
    func float() {
        let path = Fixture.path("float.tif")
        let failure = TIFFFailure.unconvertibleSamples(
            photometric: 1, bitsPerSample: 32, samplesPerPixel: 1, sampleFormat: 3, separatePlanes: false)
        #expect(throws: ImageError(path: path, reason: .format(failure))) { try TIFFRowReader(path: path) }
        #expect(failure.description == "its pixels are grey in 1 sample of 32-bit floating point, which pinboard cannot "
                + "convert (it reads grey of 1, 2, 4, 8 or 16 bits (8 or 16 signed), palettes of 1, 2, 4 or 8 bits, "
                + "RGB, CMYK and CIELab of 8 or 16 bits, and 8-bit YCbCr, as unsigned integers unless said)")
    }

    /// libtiff's first warning is about the unknown tag; the cut is what is wrong.
    @Test("Tag values past the end of the file are a cut file, not libtiff's warning about another tag")
    func colormapCut() {
        let path = Fixture.path("colormap-cut.tif")
        let cut = ImageError.Reason.truncated(while: "reading the header and first directory: a tag's values lie past the end of the file")
        #expect(throws: ImageError(path: path, reason: cut)) { try TIFFRowReader(path: path) }
    }

    /// libtiff refuses a zero width while it reads the directory, so no size reaches the
    /// shim: this was once reported as "invalid dimensions 0x0", as was every directory
    /// libtiff could not read, hiding libtiff's words.
    @Test("A zero width is refused in libtiff's words, not as a size of 0x0")
    func zeroWidth() throws {
        var bytes = try Fixture.bytes("huge.tif")
        // The first entry (ImageWidth, LONG) holds its value at bytes 18–21.
        bytes.replaceSubrange(18..<22, with: [0, 0, 0, 0])
        let refusal = ImageError(path: "zero", reason: .corrupt(format: "TIFF", message: "TIFFScanlineSize64: Computed scanline size is zero"))
        #expect(throws: refusal) { try Self.decode(bytes, name: "zero") }
        #expect(throws: refusal) { try TIFFFormat.probe(MemoryBytes(bytes), path: "zero", limits: .default) }
    }

    @Test("A missing file and a directory name the path and the reason")
    func missing() {
        #expect(throws: ImageError(path: "/no/such.tif", reason: .cannotOpen(errno: ENOENT))) { try TIFFRowReader(path: "/no/such.tif") }
        let directory = Fixture.path("golden")
        #expect(throws: ImageError(path: directory, reason: .isDirectory)) { try TIFFRowReader(path: directory) }
    }

    @Test("libtiff's process-wide handlers, which print, are never reached")
    func nothingPrinted() throws {
        let counter: TIFFErrorHandler = { _, _, _ in globalHandlerCalls.add(1, ordering: .relaxed) }
        let previousError = TIFFSetErrorHandler(counter)
        let previousWarning = TIFFSetWarningHandler(counter)
        defer {
            TIFFSetErrorHandler(previousError)
            TIFFSetWarningHandler(previousWarning)
        }
        for name in ["rgb-strips.tif", "jpeg.tif"] {
            let bytes = try Fixture.bytes(name)
            for length in Swift.stride(from: 0, to: bytes.count, by: 5) { _ = try? Self.decode(Array(bytes.prefix(length))) }
        }
        _ = try? Self.decode(Fixture.bytes("huge.tif"))
        _ = try? Self.decode(Fixture.bytes("float.tif"))
        _ = try? Self.decode(Fixture.bytes("palette.tif"))
        #expect(globalHandlerCalls.load(ordering: .relaxed) == 0)
    }
}
