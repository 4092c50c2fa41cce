import Foundation
import GIFCodec
import ImageFormats
import ImageInput
import TestSupport
import Testing
import WebPCodec

/// Damaged copies of a small file of every format the registry reads, read as a sheet
/// reads them (the registry's probe, then every row): each must fail with a typed
/// `ImageError` naming the file and a reason a damaged file of that format can give, or
/// decode to rows of the probed size. A format added to the registry is tried here with
/// no test written, and fails here until `Fixtures/` holds a file of it. Tables of a
/// codec's own files (`CodecFile`) add the cuts and flips its format lets a test assert.
@Suite("Bad input, every format")
struct BadInputTests {
    static let registry = ImageRegistry.pinboard

    /// Cut lengths tried past the signature, besides the ones at its edges.
    static let seededCuts = 10
    /// Mutants with one bit flipped past the signature.
    static let flips = 30

    @Test("Every format in the registry has a fixture that reads whole", arguments: registry.names)
    func fixture(format: String) throws {
        let sample = try #require(FormatSample.smallest[format], "no file in Fixtures/ reads whole as \(format)")
        #expect(try Self.read(sample.path) == .decoded)
    }

    @Test("A file cut anywhere fails as cut, empty or unrecognised", arguments: registry.names)
    func truncations(format: String) throws {
        let sample = try #require(FormatSample.smallest[format], "no file in Fixtures/ reads whole as \(format)")
        let folder = try TemporaryFolder()
        let signature = try #require(Self.registry.format(named: format)).signatureLength
        let whole = PNGTail.wholeImageCuts(sample.bytes)
        for length in Self.cutLengths(of: sample.bytes.count, signature: signature) {
            let path = folder.path + "/cut-\(length)." + sample.fileExtension
            try Data(sample.bytes.prefix(length)).write(to: URL(fileURLWithPath: path))
            let outcome = try Self.read(path)
            switch outcome {
            case .failed(.truncated), .failed(.emptyFile), .failed(.unrecognised): break
            case .decoded where whole.contains(length): break
            default: Issue.record("\(sample.name) cut at \(length) of \(sample.bytes.count): \(outcome)")
            }
        }
    }

    @Test("A flipped bit decodes to the probed size or fails with a reason the format gives", arguments: registry.names)
    func flippedBits(format: String) throws {
        let sample = try #require(FormatSample.smallest[format], "no file in Fixtures/ reads whole as \(format)")
        let folder = try TemporaryFolder()
        let signature = try #require(Self.registry.format(named: format)).signatureLength
        // Past the signature, so every mutant is still taken for this format.
        for (index, mutant) in BitFlips.mutants(of: sample.bytes, keeping: signature, count: Self.flips).enumerated() {
            let path = folder.path + "/mutant-\(index)." + sample.fileExtension
            try Data(mutant).write(to: URL(fileURLWithPath: path))
            let outcome = try Self.read(path)
            switch outcome {
            case .decoded: break
            case .failed(let reason): #expect(reason.isDamage(of: format), "\(sample.name) mutant \(index): \(outcome)")
            }
        }
    }

    /// A codec's own file, read from memory as a sheet reads it (the format's probe, then
    /// its row reader), with what its format lets a test assert.
    struct CodecFile: Sendable, CustomTestStringConvertible {
        /// The file's path inside `Fixtures/`.
        let path: String
        let read: SheetRead
        /// The signature's length: flips past it leave the file taken for its format.
        let signature: Int
        /// The whole file's decoded bytes, where the test knows them; else only that it has some.
        var pixelBytes: Int?

        var testDescription: String { path }

        var bytes: [UInt8] {
            get throws { [UInt8](try Fixture.bytes(Fixture.path(path))) }
        }

        static let gif = SheetRead(GIFFormat.self) { bytes, name, limits throws(ImageError) in
            try GIFRowReader(bytes: bytes, name: name, limits: limits)
        }
        static let webP = SheetRead(WebPFormat.self) { bytes, name, limits throws(ImageError) in
            try WebPRowReader(bytes: bytes, name: name, limits: limits)
        }

        static func gif(_ name: String) -> CodecFile { CodecFile(path: "gif/" + name, read: gif, signature: 6) }
        static func webP(_ name: String) -> CodecFile {
            CodecFile(path: "webp/" + name, read: webP, signature: 12, pixelBytes: 64 * 48 * 4)
        }
    }

    /// Every cut is reported as a cut (or an empty file), at every length: a GIF's in the
    /// probe, in the frame, or when the record after the frame is missing (even the trailer
    /// alone); a WebP's in the probe or when the container is parsed.
    @Test("Every truncation of a codec's small file fails cleanly", arguments: [
        CodecFile.gif("global.gif"), .gif("interlaced.gif"), .gif("offset.gif"),
        .webP("lossless.webp"), .webP("lossy-alpha.webp"), .webP("animated.webp"),
    ])
    func everyTruncation(file: CodecFile) throws {
        let image = try file.read.expectEachCutReported(in: file.bytes)
        #expect(file.pixelBytes.map { image.pixels.count == $0 } ?? !image.pixels.isEmpty)
    }

    /// GIF has no checksum (a flip in a palette only changes a colour), nor has lossy WebP
    /// (many flips decode to a smudge): only "no crash" is asserted, 400 flips a file.
    @Test("Flipped bits in a codec's file either decode or throw, never crash", arguments: [
        CodecFile.gif("global.gif"), .gif("interlaced.gif"), .gif("animated.gif"),
        .webP("lossless.webp"), .webP("lossy-alpha.webp"), .webP("animated.webp"),
    ])
    func codecFlippedBits(file: CodecFile) throws {
        let bytes = try file.bytes
        // Past the signature, so every mutant is still taken for its format.
        let failures = BitFlips.failures(decoding: bytes, keeping: file.signature, count: 400) { try file.read.decodeAll(bytes: $0) }
        #expect(failures > 0)
    }

    /// What reading a file came to; a failure's path is checked by `read`.
    enum Outcome: Equatable, CustomStringConvertible {
        case decoded
        case failed(ImageError.Reason)

        var description: String {
            switch self {
            case .decoded: "decoded"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    /// Probes `path` through the registry and reads every row at full size, as a tile
    /// does; a decode must deliver rows of the size the probe found.
    static func read(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        do throws(ImageError) {
            let info = try registry.probe(path: path, limits: .default)
            let reader = try registry.openRows(path: path, info: info, limits: .default)
            let image = try reader.readImage()
            #expect(image.width == info.width && image.height == info.height, "\(path): probed \(info.width)x\(info.height), decoded \(image.width)x\(image.height)", sourceLocation: sourceLocation)
            #expect(image.pixels.count == info.width * info.height * 4, sourceLocation: sourceLocation)
            return .decoded
        } catch {
            #expect(error.path == path, "\(error)", sourceLocation: sourceLocation)
            return .failed(error.reason)
        }
    }

    /// The cuts tried: none, one byte, each side of the signature, the last byte lost,
    /// and `seededCuts` lengths in between, the same every run.
    static func cutLengths(of count: Int, signature: Int) -> [Int] {
        var random = SplitMix64(seed: UInt64(count))
        let edges = [0, 1, signature - 1, signature, signature + 1, count - 1]
        let between = (0..<seededCuts).map { _ in random.int(in: (signature + 2)...(count - 2)) }
        return Array(Set(edges + between).filter { $0 >= 0 && $0 < count }).sorted()
    }
}
