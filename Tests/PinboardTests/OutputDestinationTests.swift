import Foundation
import Pinboard
import PinboardIO
import SheetOutput
import TestSupport
import Testing

/// What a sheet write does to what the user points it at, as `cp`, `curl -o` and editors
/// do: a device or a FIFO is written through and stays what it was, a symbolic link is
/// followed and its target replaced (the link kept), an existing file keeps its mode and
/// owner, and a folder or a socket is refused by name.
@Suite("Output destinations")
struct OutputDestinationTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
        for fixture in ["red-40x30", "green-18x60", "blue-64x16"] {
            try Fixture.copy("solid/\(fixture).png", to: folder.photos + "/\(fixture).png")
        }
        try folder.folders("out", "elsewhere")
    }

    func plan(_ format: SheetFormat = .png) throws -> SheetPlan {
        var options = SheetOptions(breadth: 200, lanes: 2)
        options.encoding.format = format
        return try SheetPlanner.plan(inputs: [folder.photos], options: options)
    }

    /// The bytes the plan's sheet has when written to a plain new file.
    func reference(_ format: SheetFormat = .png) throws -> Data {
        let path = folder.path + "/reference"
        _ = try SheetComposer.write(try plan(format), to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Fixture.bytes(path)
    }

    /// The write's error, expected to be `cannotWrite`.
    // MARK: regular files

    @Test("An existing file keeps its permission bits", arguments: [0o600, 0o644, 0o640, 0o755])
    func keepsMode(mode: Int) throws {
        let destination = folder.path + "/out/sheet.png"
        try Fixture.copy("solid/blue-64x16.png", to: destination)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: destination)
        _ = try SheetComposer.write(try plan(), to: destination)
        let attributes = try FileManager.default.attributesOfItem(atPath: destination)
        #expect((attributes[.posixPermissions] as? Int) == mode)
        #expect(try Fixture.bytes(destination) == (try reference()))
    }

    @Test("An existing file keeps its owner and group", .enabled(if: getuid() == 0, "only root gives a file to someone else"))
    func keepsOwner() throws {
        let destination = folder.path + "/out/sheet.png"
        try Fixture.copy("solid/blue-64x16.png", to: destination)
        #expect(chown(destination, 4321, 8765) == 0)
        _ = try SheetComposer.write(try plan(), to: destination)
        var status = stat()
        #expect(stat(destination, &status) == 0)
        #expect(status.st_uid == 4321 && status.st_gid == 8765)
    }
}
