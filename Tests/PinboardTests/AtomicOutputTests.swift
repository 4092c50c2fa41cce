import Foundation
import Layout
@testable import Pinboard
@testable import PinboardIO
import Raster
import TestSupport
import Testing

/// The sheet file appears whole or not at all: a failed render leaves what was at the
/// output path untouched and no temporary file behind, and an input is never overwritten.
///
/// Serialized because one test sets the process's umask, which every file the others
/// create would take.
@Suite("Atomic output", .serialized)
struct AtomicOutputTests {
    let folder: TemporaryFolder
    let photos: String
    let out: String

    init() throws {
        folder = try TemporaryFolder()
        photos = folder.path + "/photos"
        out = folder.path + "/out"
        try folder.folders("photos", "out")
    }

    /// Solid sources, then a source whose pixels fail, placed far enough down the sheet
    /// that bands above it are written before the render fails.
    func planFailingMidRender() throws -> SheetPlan {
        for (index, fixture) in SolidFixture.opaque.enumerated() {
            try Fixture.copy("solid/" + fixture.name, to: photos + "/a\(index)-" + fixture.name)
        }
        try Fixture.copy("corrupt/truncated-idat.png", to: photos + "/z-broken.png")
        var options = SheetOptions(breadth: 120, lanes: 2)
        options.strict = true
        options.jobs = 2
        let plan = try SheetPlanner.plan(inputs: [photos], options: options)
        let broken = try #require(plan.manifest.items.last)
        #expect(broken.source.hasSuffix("z-broken.png"))
        #expect(broken.y >= 64, "the broken tile must lie below the first band")
        return plan
    }

    /// Files in `folder` left by a write to `name`: `.NAME.pinboard-PID.tmp`.
    func temporaryFiles(in folder: String, for name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".\(name).pinboard-") }
    }

    @Test("A render that fails leaves the existing file byte-identical and no temporary file")
    func failedRenderKeepsExisting() throws {
        let plan = try planFailingMidRender()
        let destination = out + "/sheet.png"
        try Fixture.copy("solid/red-40x30.png", to: destination)
        let before = try Fixture.bytes(destination)
        let error = #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: destination) }
        guard case .decode(let codecError) = error else {
            Issue.record("expected decode, got \(String(describing: error))")
            return
        }
        #expect(codecError.source == photos + "/z-broken.png")
        #expect(try Fixture.bytes(destination) == before)
        #expect(try temporaryFiles(in: out, for: "sheet.png") == [])
    }

    @Test("A render that fails creates no file where there was none")
    func failedRenderCreatesNothing() throws {
        let plan = try planFailingMidRender()
        #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: out + "/sheet.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [])
    }

    @Test("A successful write replaces the existing file and leaves no temporary file")
    func successReplaces() throws {
        try Fixture.copy("solid/red-40x30.png", to: photos + "/red.png")
        let destination = out + "/sheet.png"
        try Fixture.copy("solid/blue-64x16.png", to: destination)
        let plan = try SheetPlanner.plan(inputs: [photos], options: SheetOptions())
        _ = try SheetComposer.write(plan, to: destination)
        #expect(try Fixture.bytes(destination) != (try Fixture.bytes(Fixture.path("solid/blue-64x16.png"))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["sheet.png"])
    }

    @Test("The temporary file is named for the destination and the process, and a second write takes the next number")
    func temporaryName() throws {
        let destination = out + "/sheet.png"
        let first = try AtomicOutput(destination: destination)
        let second = try AtomicOutput(destination: destination)
        #expect(first.temporaryPath == out + "/.sheet.png.pinboard-\(getpid()).tmp")
        #expect(second.temporaryPath == out + "/.sheet.png.pinboard-\(getpid())-1.tmp")
        first.discard()
        second.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [])
    }

    @Test("A write removes the temporary files of runs that died, and no other file")
    func staleTemporaryFilesRemoved() throws {
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let dead = exited.processIdentifier
        let kept = [
            ".sheet.png.pinboard-1.tmp",  // init runs as long as the system does
            ".other.png.pinboard-\(dead).tmp",  // another destination's
            ".sheet.png.pinboard-\(dead).tmp.bak",
            ".sheet.png.pinboard-x\(dead).tmp",
            "sheet.png.pinboard-\(dead).tmp",
        ]
        let stale = [".sheet.png.pinboard-\(dead).tmp", ".sheet.png.pinboard-\(dead)-3.tmp"]
        for name in kept + stale { try folder.files("out/" + name) }
        try Fixture.copy("solid/red-40x30.png", to: photos + "/red.png")
        let plan = try SheetPlanner.plan(inputs: [photos], options: SheetOptions())
        _ = try SheetComposer.write(plan, to: out + "/sheet.png")
        #expect(try folder.names(in: "out") == (kept + ["sheet.png"]).sorted())
    }

    @Test("The sheet's mode is 0666 less the umask, as any program's output", arguments: [
        (umask: mode_t(0o022), mode: 0o644),
        (umask: mode_t(0o077), mode: 0o600),
        (umask: mode_t(0o002), mode: 0o664),
    ])
    func modeFollowsUmask(umask mask: mode_t, mode: Int) throws {
        try Fixture.copy("solid/red-40x30.png", to: photos + "/red.png")
        let plan = try SheetPlanner.plan(inputs: [photos], options: SheetOptions())
        let previous = umask(mask)
        defer { umask(previous) }
        _ = try SheetComposer.write(plan, to: out + "/sheet.png")
        let attributes = try FileManager.default.attributesOfItem(atPath: out + "/sheet.png")
        #expect((attributes[.posixPermissions] as? Int) == mode)
    }

    @Test("The file is synced before the rename and its folder after it")
    func syncsFileThenFolder() throws {
        let destination = out + "/sheet.png"
        let synced = SyncLog(destination: destination)
        let output = try AtomicOutput(destination: destination) { fd in
            synced.record(fd)
            return fsync(fd)
        }
        #expect(write(output.fileDescriptor, "sheet", 5) == 5)
        try output.commit()
        // /proc names the descriptors' files with links resolved.
        let real = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        #expect(synced.calls == [
            SyncLog.Call(path: real(output.temporaryPath), destinationExists: false),
            SyncLog.Call(path: real(out), destinationExists: true),
        ])
        #expect(try Fixture.bytes(destination) == Data("sheet".utf8))
    }

    @Test("A file that cannot be synced is cannotWrite, and the existing file stays as it was")
    func failedSync() throws {
        let destination = out + "/sheet.png"
        try Fixture.copy("solid/red-40x30.png", to: destination)
        let before = try Fixture.bytes(destination)
        let output = try AtomicOutput(destination: destination) { _ in
            errno = EIO
            return -1
        }
        #expect(write(output.fileDescriptor, "sheet", 5) == 5)
        let error = #expect(throws: WriteError.self) { try output.commit() }
        #expect(error == WriteError(path: destination, reason: .system(errno: EIO)))
        #expect(try Fixture.bytes(destination) == before)
        #expect(try temporaryFiles(in: out, for: "sheet.png") == [])
    }

    @Test("A folder that cannot hold the file is cannotWrite, naming the output (and a missing folder)", arguments: [
        ("missing/sheet.png", "the folder OUT/missing does not exist"),
        ("file/sheet.png", "Not a directory"),
        ("folder", "OUT/folder is a folder; name a file to write, in it or elsewhere"),
    ])
    func unwritableFolder(relative: String, reason: String) throws {
        try Fixture.copy("solid/red-40x30.png", to: photos + "/red.png")
        try folder.files("out/file", "out/folder/keep.txt")
        let plan = try SheetPlanner.plan(inputs: [photos], options: SheetOptions())
        let destination = out + "/" + relative
        let error = #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: destination) }
        guard case .cannotWrite(let failure) = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(failure.path == destination)
        #expect(failure.reason.detail == reason.replacingOccurrences(of: "OUT", with: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["file", "folder"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/folder") == ["keep.txt"])
    }

    @Test("A folder without write permission is cannotWrite",
          .enabled(if: getuid() != 0, "root writes into every folder"))
    func readOnlyFolder() throws {
        try Fixture.copy("solid/red-40x30.png", to: photos + "/red.png")
        let plan = try SheetPlanner.plan(inputs: [photos], options: SheetOptions())
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: out)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out) }
        let error = #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: out + "/sheet.png") }
        guard case .cannotWrite(let failure) = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(failure == WriteError(path: out + "/sheet.png", reason: .system(errno: EACCES)))
    }

    @Test("A device that fills up mid-write is cannotWrite, naming the descriptor's name")
    func fullDevice() throws {
        try Fixture.copy("solid/red-40x30.png", to: photos + "/red.png")
        var options = SheetOptions()
        options.compression = 0
        let plan = try SheetPlanner.plan(inputs: [photos], options: options)
        let devices = try TemporaryFolder()
        let fd = try #require(DeviceNode.openFull(in: devices), "no device node can be made here")
        defer { close(fd) }
        let error = #expect(throws: PinboardError.self) {
            try SheetComposer.write(plan, toFileDescriptor: fd, name: "/dev/full")
        }
        guard case .cannotWrite(let failure) = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "/dev/full")
        #expect(failure.reason.description.contains("No space left on device"))
    }

    /// Spellings of a source's own path.
    static let inputSpellings = ["photos/red.png", "photos/./red.png", "photos//red.png", "out/../photos/red.png"]

    @Test("Writing over an input is refused and the input stays as it was", arguments: inputSpellings)
    func outputIsInput(spelling: String) throws {
        try Fixture.copy("solid/red-40x30.png", to: photos + "/red.png")
        try Fixture.copy("solid/blue-64x16.png", to: photos + "/blue.png")
        let before = try Fixture.bytes(photos + "/red.png")
        let plan = try SheetPlanner.plan(inputs: [photos], options: SheetOptions())
        let destination = folder.path + "/" + spelling
        let error = #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: destination) }
        guard case .outputIsInput(let path) = error else {
            Issue.record("expected outputIsInput, got \(String(describing: error))")
            return
        }
        #expect(path == destination)
        #expect(try Fixture.bytes(photos + "/red.png") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).sorted() == ["blue.png", "red.png"])
    }
}
