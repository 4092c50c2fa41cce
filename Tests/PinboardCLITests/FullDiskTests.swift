import Foundation
import Testing
import TestSupport

/// Outputs that stop taking bytes mid-write: a full disk, a file-size limit, a closed pipe.
@Suite("Full disks and closed pipes")
struct FullDiskTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
        try folder.copy(["solid/red-40x30.png", "solid/green-18x60.png", "solid/blue-64x16.png"], into: folder.photos)
    }

    /// A sheet of about 3 MB: uncompressed, far past the small disk below.
    static let largeSheet = ["photos", "--width", "600", "-c", "1", "--compression", "0"]

    @Test("A disk that fills mid-write is a clear error naming the sheet; the old sheet stays",
          .enabled(if: getuid() == 0, "mounting a small tmpfs needs root; the file-size limit test covers the same path"))
    func fullDisk() throws {
        let out = try folder.folder("out")
        let mounted = try ToolRun.command("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", out]).status == 0
        try #require(mounted, "this system does not let root mount a tmpfs")
        defer { _ = try? ToolRun.command("umount", [out]) }
        let old = try Fixture.bytes(Fixture.path("solid/yellow-25x25.png"))
        try old.write(to: URL(fileURLWithPath: out + "/sheet.png"))
        let run = try ToolRun.pinboard(Self.largeSheet + ["-o", "out/sheet.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: out/sheet.png: cannot write: write failed: No space left on device\n")
        #expect(try Fixture.bytes(out + "/sheet.png") == old)
        #expect(try folder.names(in: "out") == ["sheet.png"])
    }

    @Test("A file-size limit (ulimit -f) is a clear error, not a kill, and the old sheet stays")
    func fileSizeLimit() throws {
        let out = try folder.folder("out")
        let old = try Fixture.bytes(Fixture.path("solid/yellow-25x25.png"))
        try old.write(to: URL(fileURLWithPath: out + "/sheet.png"))
        let command = "ulimit -f 64; exec \"$0\" \"$@\""
        let run = try ToolRun.command("bash", ["-c", command, ToolRun.executable.path] + Self.largeSheet + ["-o", "out/sheet.png"],
                                      in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: out/sheet.png: cannot write: write failed: File too large\n")
        #expect(try Fixture.bytes(out + "/sheet.png") == old)
        #expect(try folder.names(in: "out") == ["sheet.png"])
    }

    @Test("A sheet to stdout whose reader quits ends quietly, with no crash and no message")
    func readerQuits() throws {
        let command = "\"$0\" \"$@\" -o - | head -c 100 > /dev/null; exit ${PIPESTATUS[0]}"
        let run = try ToolRun.command("bash", ["-c", command, ToolRun.executable.path] + Self.largeSheet, in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr == "")
    }
}
