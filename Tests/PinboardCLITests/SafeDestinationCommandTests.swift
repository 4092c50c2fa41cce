import Foundation
import TestSupport
import Testing

/// Every file the binary writes, through whatever the user points it at, as `cp` and
/// `curl -o` treat it: a device or a FIFO is written through and stays what it was, a
/// symbolic link keeps pointing at its target and the target gets the file, a folder is
/// an error that names it.
@Suite("Outputs through devices, FIFOs and links")
struct SafeDestinationCommandTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder(solids: ["red-40x30", "green-18x60", "blue-64x16"], folders: ["out", "elsewhere"])
        let sheet = try ToolRun.pinboard(["photos", "-c", "2", "-o", "a.png", "-q"], in: folder.path)
        try #require(sheet.status == 0, "\(sheet.stderr)")
    }

    /// One file pinboard writes: the arguments that write it, `DEST` standing for where.
    struct Output: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        /// The exit status of a run that cannot write it.
        let failure: Int32
        var testDescription: String { name }

        func arguments(to destination: String) -> [String] {
            arguments.map { $0 == "DEST" ? destination : $0 }
        }
    }

    static let outputs = [
        Output(name: "a PNG sheet", arguments: ["photos", "-c", "2", "--format", "png", "-o", "DEST", "-q"], failure: 1),
        Output(name: "a JPEG sheet", arguments: ["photos", "-c", "2", "--format", "jpeg", "-o", "DEST", "-q"], failure: 1),
        Output(name: "--manifest", arguments: ["photos", "-c", "2", "-o", "sheet.png", "--manifest", "DEST", "-q"], failure: 1),
        Output(name: "--html", arguments: ["photos", "-c", "2", "-o", "sheet.png", "--html", "DEST", "-q"], failure: 1),
        Output(name: "diff -o", arguments: ["diff", "a.png", "a.png", "-o", "DEST", "-q"], failure: 2),
        Output(name: "diff --junit", arguments: ["diff", "a.png", "a.png", "--junit", "DEST", "-q"], failure: 2),
    ]

    /// Runs pinboard writing `output` to `destination` (relative to the test's folder).
    func run(_ output: Output, to destination: String) throws -> ToolRun {
        try ToolRun.pinboard(output.arguments(to: destination), in: folder.path)
    }

    /// The bytes `output` has when written to a new file in `out/`, beside the destinations,
    /// so a page's relative links come out the same.
    func reference(_ output: Output) throws -> Data {
        let run = try run(output, to: "out/reference")
        try #require(run.status == 0, "\(run.stderr)")
        defer { try? FileManager.default.removeItem(atPath: folder.path + "/out/reference") }
        return try Fixture.bytes(folder.path + "/out/reference")
    }

    @Test("A private null device takes the output, exits 0 and stays a device",
          .enabled(if: DeviceNode.available, "mknod needs CAP_MKNOD and a device cgroup that lets the node open"),
          arguments: outputs)
    func nullDevice(_ output: Output) throws {
        try #require(DeviceNode.make(DeviceNode.null, at: folder.path + "/out/null"))
        let run = try run(output, to: "out/null")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(DeviceNode.isCharacterDevice(folder.path + "/out/null"))
        #expect(try folder.names(in: "out") == ["null"])
    }

    @Test("A private full device fails with an error naming it and stays a device",
          .enabled(if: DeviceNode.available, "mknod needs CAP_MKNOD and a device cgroup that lets the node open"),
          arguments: outputs)
    func fullDevice(_ output: Output) throws {
        try #require(DeviceNode.make(DeviceNode.full, at: folder.path + "/out/full"))
        let run = try run(output, to: "out/full")
        #expect(run.status == output.failure)
        #expect(run.stderr.hasPrefix("Error: out/full: cannot write: "), "\(run.stderr)")
        #expect(run.stderr.contains("No space left on device"), "\(run.stderr)")
        #expect(DeviceNode.isCharacterDevice(folder.path + "/out/full"))
        #expect(try folder.names(in: "out") == ["full"])
    }

    @Test("A FIFO gets the bytes a file gets and stays a FIFO", arguments: outputs)
    func fifo(_ output: Output) throws {
        let expected = try reference(output)
        let fifo = try FIFOReader(path: folder.path + "/out/fifo")
        let run = try run(output, to: "out/fifo")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fifo.bytes() == expected)
        #expect(fifo.isFIFO)
    }

    /// How the link at `out/link` is written.
    enum LinkKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case relative, absolute, dangling
        var testDescription: String { rawValue }
    }

    @Test("A symbolic link keeps pointing at its target, and the target gets the output",
          arguments: outputs, LinkKind.allCases)
    func symbolicLink(_ output: Output, _ kind: LinkKind) throws {
        let expected = try reference(output)
        let target = folder.path + "/elsewhere/target"
        let text = kind == .absolute ? target : "../elsewhere/target"
        if kind != .dangling { try Fixture.copy("solid/blue-64x16.png", to: target) }
        try folder.link("out/link", to: text)
        let run = try run(output, to: "out/link")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/out/link") == text)
        #expect(FileManager.default.contents(atPath: target) == expected)
        #expect(try folder.names(in: "out") == ["link"])
        #expect(try folder.names(in: "elsewhere") == ["target"])
    }

    @Test("A folder as the destination is an error naming it, and the folder stays as it was", arguments: outputs)
    func folderRefused(_ output: Output) throws {
        try folder.files("out/taken/keep.txt")
        let run = try run(output, to: "out/taken")
        #expect(run.status == output.failure)
        #expect(run.stderr.contains("out/taken is a folder"), "\(run.stderr)")
        #expect(try folder.names(in: "out/taken") == ["keep.txt"])
    }

    @Test("An existing file keeps its mode, not the one a new file gets under umask 000",
          arguments: outputs, [0o600, 0o644])
    func keepsMode(_ output: Output, mode: Int) throws {
        let destination = folder.path + "/out/existing"
        try Fixture.copy("solid/blue-64x16.png", to: destination)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: destination)
        let line = "umask 000 && pinboard " + output.arguments(to: "out/existing").joined(separator: " ")
        let run = try ToolRun.shell(line, in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: destination) != (try Fixture.bytes(Fixture.path("solid/blue-64x16.png"))))
        let attributes = try FileManager.default.attributesOfItem(atPath: destination)
        #expect((attributes[.posixPermissions] as? Int) == mode)
    }

    @Test("diff --update through a symbolic link rewrites its target, keeps the link and the target's mode")
    func updateThroughLink() throws {
        try folder.folders("golden", "current")
        let target = folder.path + "/elsewhere/x.png"
        try Fixture.copy("solid/blue-64x16.png", to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        try folder.link("golden/x.png", to: "../elsewhere/x.png")
        try Fixture.copy("solid/red-40x30.png", to: folder.path + "/current/x.png")
        let run = try ToolRun.pinboard(["diff", "--update", "golden", "current", "-q"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/golden/x.png") == "../elsewhere/x.png")
        #expect(try Fixture.bytes(target) == (try Fixture.bytes(folder.path + "/current/x.png")))
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
    }
}
