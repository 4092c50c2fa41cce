import Foundation
import Testing
import TestSupport

/// Files of a few kilobytes that claim gigabytes (Fixtures/fuzz, made by
/// scripts/make-fuzz-seeds.py): each reader checks the claim against the file before it
/// allocates anything, so pinboard, run with its data limited to 100 MB (`ulimit -d`,
/// which covers the heap and every private mapping), says what is wrong instead of dying
/// on an allocation. Not under AddressSanitizer, which cannot start under such a limit.
@Suite("Claimed sizes", .disabled(if: Sanitizer.address, "AddressSanitizer reserves its shadow memory past a 100 MB data limit"))
struct ClaimedSizeTests {
    /// Runs pinboard with `arguments` under a 100 MB data limit.
    static func limited(_ arguments: [String]) throws -> ToolRun {
        let quoted = ([ToolRun.executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try ToolRun.command("sh", ["-c", "ulimit -d 102400 && exec " + quoted.joined(separator: " ")])
    }

    @Test("A manifest claiming gigabytes is a damaged sheet, read in under 100 MB", arguments: [
        ("webp-claims-4-gib.webp", "a chunk of 4294967280 bytes"),
        ("tiff-claims-2-gib.tif", "a tag's values lie past the end of the file"),
        ("avif-claims-4-gib.avif", "reading the boxes"),
        ("split-claims-more.png", "file is truncated (ends while reading the iTXt chunk"),
    ])
    func manifest(name: String, reason: String) throws {
        let path = Fixture.path("fuzz/FuzzEmbeddedManifest/" + name)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count < 2100)
        let run = try Self.limited(["manifest", path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(path) && run.stderr.contains(reason), "\(run.stderr)")
    }

    @Test("An EXIF date claiming 2 GiB is passed over while sorting by date, in under 100 MB")
    func exifDate() throws {
        let path = Fixture.path("fuzz/FuzzJPEG/exif-claims-2-gib.jpg")
        let run = try Self.limited(["--layout-only", "--sort", "taken", "--manifest", "-", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("exif-claims-2-gib.jpg"))
    }

    /// A file at `path` holding `start` and then zeros, sparse, up to 8 GiB.
    static func sparseFile(_ path: String, start: String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(start.utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 8 << 30)
        try handle.close()
    }

    @Test("A pyramid's manifest of 8 GiB (sparse) is refused at 64 MiB, read in under 100 MB")
    func sparsePyramidManifest() throws {
        let folder = try TemporaryFolder()
        let descriptor = folder.path + "/board.dzi"
        let made = try ToolRun.pinboard([Fixture.path("solid/red-40x30.png"), "-w", "60", "-c", "1", "-o", descriptor])
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = folder.path + "/board.manifest.json"
        try Self.sparseFile(manifest, start: "{")
        let run = try Self.limited(["manifest", descriptor])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(manifest) && run.stderr.contains("over the 67108864 a manifest may hold"), "\(run.stderr)")
    }

    @Test("A settings file of 8 GiB (sparse) is refused by its size before a byte is parsed")
    func sparseConfig() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/settings.json"
        try Self.sparseFile(path, start: "{")
        let image = Fixture.path("solid/red-40x30.png")
        let run = try Self.limited(["diff", "--config", path, image, image])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(path), "\(run.stderr)")
    }
}
