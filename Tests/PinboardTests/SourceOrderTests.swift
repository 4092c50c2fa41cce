import Foundation
import Geometry
import ImageFormats
import ImageInput
@testable import Pinboard
import Raster
import Testing
import TestSupport

/// `--sort`, `--reverse` and `--seed` through the planner, on Fixtures/dates: files whose
/// EXIF dates Pillow and pillow-heif wrote (scripts/make-date-fixtures.py).
@Suite("Source order")
struct SourceOrderTests {
    static let names = [
        "a-tiff.tif", "b-heic.heic", "c-png.png", "d-webp.webp", "e-jpeg.jpg", "f-datetime.jpg", "g-equal.jpg",
        "h-equal.png", "i-no-exif.png",
    ]

    /// The fixtures in a fresh folder, each file's modification time `modified[name]` or
    /// else 2030-01-01 plus its index in hours (so name order and time order differ for none).
    static func folder(modified: [String: Int] = [:]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (index, name) in names.enumerated() {
            let path = folder.path + "/" + name
            try Fixture.copy("dates/" + name, to: path)
            let seconds = modified[name] ?? 1_893_456_000 + 3600 * (names.count - index)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
        }
        return folder
    }

    static func order(_ folder: TemporaryFolder, _ configure: (inout SheetOptions) -> Void) throws -> [String] {
        var options = SheetOptions()
        configure(&options)
        return try SheetPlanner.plan(inputs: [folder.path], options: options).sources.map(\.name)
    }

    @Test("Each format's probe reads the date its EXIF was written with", arguments: [
        ("a-tiff.tif", "2021-09-01T08:30:00"), ("b-heic.heic", "2020-05-05T12:00:00"), ("c-png.png", "2022-02-02T22:22:22"),
        ("d-webp.webp", "2019-12-31T23:59:59"), ("e-jpeg.jpg", "2021-06-17T14:03:09+02:00"),
        ("f-datetime.jpg", "2018-07-04T09:15:00"), ("g-equal.jpg", "2024-06-17T08:00:00"), ("h-equal.png", "2024-06-17T08:00:00"),
    ])
    func probedDate(name: String, taken: String) throws {
        let path = Fixture.path("dates/" + name)
        let info = try ImageRegistry.pinboard.probe(FileBytes.open(path: path), path: path, limits: .default)
        #expect(info.taken?.description == taken)
    }

    @Test("A file without EXIF has no date of its own")
    func noEXIF() throws {
        let path = Fixture.path("dates/i-no-exif.png")
        #expect(try ImageRegistry.pinboard.probe(FileBytes.open(path: path), path: path, limits: .default).taken == nil)
    }

    @Test("--sort taken: EXIF dates in every format, the offset applied, equal dates by name, no EXIF by its file time")
    func taken() throws {
        // 2017-03-03: the file without EXIF goes first; the others' file times are all later than any date.
        let folder = try Self.folder(modified: ["i-no-exif.png": 1_488_510_183])
        #expect(try Self.order(folder) { $0.sort = .taken } == [
            "i-no-exif.png", "f-datetime.jpg", "d-webp.webp", "b-heic.heic", "e-jpeg.jpg", "a-tiff.tif", "c-png.png",
            "g-equal.jpg", "h-equal.png",
        ])
        // In 2031 it goes last; reversed, the tied pair turns round too.
        let later = try Self.folder(modified: ["i-no-exif.png": 1_924_992_000])
        #expect(try Self.order(later) { $0.sort = .taken; $0.reverse = true }.prefix(3) == ["i-no-exif.png", "h-equal.png", "g-equal.jpg"])
    }

    @Test("--sort modified, size and name")
    func otherKeys() throws {
        let folder = try Self.folder()
        #expect(try Self.order(folder) { $0.sort = .modified } == Self.names.reversed())
        #expect(try Self.order(folder) { $0.sort = .name } == Self.names)
        let sizes = try Self.order(folder) { $0.sort = .size }.map { name in
            try #require(try FileManager.default.attributesOfItem(atPath: folder.path + "/" + name)[.size] as? Int)
        }
        #expect(sizes == sizes.sorted())
        #expect(try Self.order(folder) { $0.reverse = true } == Self.names.reversed())
    }

    @Test("--sort name compares file names across folders, in natural order")
    func nameAcrossFolders() throws {
        let folder = try TemporaryFolder()
        try folder.folders("x", "y")
        try folder.copy(["dates/c-png.png": "x/img10.png", "dates/h-equal.png": "y/img2.png", "dates/i-no-exif.png": "x/img2.png"])
        var options = SheetOptions()
        options.sort = .name
        options.recursive = true
        #expect(try SheetPlanner.plan(inputs: [folder.path], options: options).sources.map(\.name) == ["x/img2.png", "y/img2.png", "x/img10.png"])
    }

    @Test("--sort random: one order for a seed, whatever the jobs and the argument order; another seed, another order")
    func random() throws {
        let folder = try Self.folder()
        let paths = Self.names.map { folder.path + "/" + $0 }
        func shuffled(seed: UInt64, jobs: Int, paths: [String]) throws -> [String] {
            var options = SheetOptions()
            options.sort = .random
            options.seed = seed
            options.jobs = jobs
            return try SheetPlanner.plan(inputs: paths, options: options).sources.map(\.name)
        }
        // SplitMix64(3) through Fisher–Yates over the natural order, as docs/architecture.md gives it.
        let pinned = ["e-jpeg.jpg", "c-png.png", "i-no-exif.png", "d-webp.webp", "h-equal.png", "f-datetime.jpg", "g-equal.jpg",
                      "b-heic.heic", "a-tiff.tif"]
        #expect(try shuffled(seed: 3, jobs: 1, paths: paths) == pinned)
        #expect(try shuffled(seed: 3, jobs: 4, paths: paths.reversed()) == pinned)
        #expect(try shuffled(seed: 4, jobs: 1, paths: paths) != pinned)
    }

    @Test("The shuffle is Fisher–Yates over SplitMix64, computed by hand for three sources")
    func shuffleByHand() {
        // SplitMix64(0)'s first two outputs: 0xE220A8397B1DCDAF (mod 3 = 1), 0x6E789E6AA1B965F4 (mod 2 = 0):
        // swap 2 with 1 gives a c b, then swap 1 with 0 gives c a b.
        let sources = ["a", "b", "c"].map { PlannedSource(path: $0, format: .block(.white, Size(width: 1, height: 1))) }
        #expect(SourceOrdering.shuffled(sources, seed: 0).map(\.path) == ["c", "a", "b"])
    }
}
