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
        folder = try PhotoFolder(solids: ["red-40x30", "green-18x60", "blue-64x16"], folders: ["out", "elsewhere"])
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
    func writeFailure(_ plan: SheetPlan, to path: String) -> WriteError? {
        let error = #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: path) }
        guard case .cannotWrite(let failure) = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return nil
        }
        return failure
    }

    /// Where a symbolic link's text points.
    func linkText(_ path: String) throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    static let formats: [SheetFormat] = [.png, .jpeg, .tiff]

    // MARK: devices and FIFOs

    @Test("A private null device (1, 3) takes the sheet and stays a device, with no temporary file beside it",
          .enabled(if: DeviceNode.available, "mknod needs CAP_MKNOD and a device cgroup that lets the node open"),
          arguments: formats)
    func nullDevice(format: SheetFormat) throws {
        let device = folder.path + "/out/null"
        try #require(DeviceNode.make(DeviceNode.null, at: device))
        _ = try SheetComposer.write(try plan(format), to: device)
        #expect(DeviceNode.isCharacterDevice(device))
        #expect(try folder.names(in: "out") == ["null"])
    }

    @Test("A private full device (1, 7) fails naming it and stays a device",
          .enabled(if: DeviceNode.available, "mknod needs CAP_MKNOD and a device cgroup that lets the node open"),
          arguments: formats)
    func fullDevice(format: SheetFormat) throws {
        let device = folder.path + "/out/full"
        try #require(DeviceNode.make(DeviceNode.full, at: device))
        let failure = writeFailure(try plan(format), to: device)
        // PNG's writer reports the failed write in its own words; the others pass the errno on.
        #expect(failure?.path == device)
        #expect(failure?.reason.detail.contains(String(cString: strerror(ENOSPC))) == true, "\(String(describing: failure))")
        #expect(DeviceNode.isCharacterDevice(device))
        #expect(try folder.names(in: "out") == ["full"])
    }

    @Test("A FIFO gets, in order, the very bytes a new file gets, and stays a FIFO", arguments: formats)
    func fifo(format: SheetFormat) throws {
        let expected = try reference(format)
        let fifo = try FIFOReader(path: folder.path + "/out/fifo")
        _ = try SheetComposer.write(try plan(format), to: fifo.path)
        #expect(fifo.bytes() == expected)
        #expect(fifo.isFIFO)
    }

    // MARK: symbolic links

    /// A link at `out/link.png`, as its text is written, and the file it leads to.
    struct Link: CustomTestStringConvertible, Sendable {
        let name: String
        /// The links to make, in order, each `(path, text)` relative to the test's folder;
        /// `ROOT` in a text stands for the folder's absolute path.
        let links: [(path: String, text: String)]
        /// The file the chain ends at, relative to the test's folder.
        let target: String
        let targetExists: Bool
        var testDescription: String { name }
    }

    static let links = [
        Link(name: "relative", links: [("out/link.png", "../elsewhere/sheet.png")], target: "elsewhere/sheet.png", targetExists: true),
        Link(name: "absolute", links: [("out/link.png", "ROOT/elsewhere/sheet.png")], target: "elsewhere/sheet.png", targetExists: true),
        Link(name: "a chain of two, each relative to its own folder",
             links: [("out/link.png", "../elsewhere/hop.png"), ("elsewhere/hop.png", "deeper/sheet.png")],
             target: "elsewhere/deeper/sheet.png", targetExists: true),
        // `..` in a link inside a linked folder climbs from the real folder, not the link's spelling.
        Link(name: "through a linked folder, up from where it really is",
             links: [("out/link.png", "../elsewhere/portal/up.png"), ("elsewhere/portal", "deeper/deepest"),
                     ("elsewhere/deeper/deepest/up.png", "../sheet.png")],
             target: "elsewhere/deeper/sheet.png", targetExists: true),
        Link(name: "dangling", links: [("out/link.png", "../elsewhere/sheet.png")], target: "elsewhere/sheet.png", targetExists: false),
    ]

    @Test("A symbolic link keeps pointing where it did and its target holds the new sheet", arguments: links)
    func symbolicLink(_ link: Link) throws {
        let expected = try reference()
        try folder.folders("elsewhere/deeper/deepest")
        if link.targetExists { try Fixture.copy("solid/blue-64x16.png", to: folder.path + "/" + link.target) }
        for (path, text) in link.links { try folder.link(path, to: text.replacingOccurrences(of: "ROOT", with: folder.path)) }
        _ = try SheetComposer.write(try plan(), to: folder.path + "/out/link.png")
        for (path, text) in link.links {
            #expect(try linkText(folder.path + "/" + path) == text.replacingOccurrences(of: "ROOT", with: folder.path))
        }
        #expect(try Fixture.bytes(folder.path + "/" + link.target) == expected)
        #expect(try folder.names(in: "out") == ["link.png"])
        let targetFolder = (link.target as NSString).deletingLastPathComponent
        #expect(try folder.names(in: targetFolder).allSatisfy { !$0.contains(".pinboard-") }, "no temporary file left")
    }

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

    // MARK: what cannot take a file

    @Test("A link to a folder is refused naming the folder, and the link stays")
    func linkToFolderRefused() throws {
        try folder.folders("elsewhere/sheet.png")
        try folder.link("out/link.png", to: "../elsewhere/sheet.png")
        let destination = folder.path + "/out/link.png"
        let failure = writeFailure(try plan(), to: destination)
        let target = URL(fileURLWithPath: folder.path + "/elsewhere").resolvingSymlinksInPath().path + "/sheet.png"
        #expect(failure == WriteError(path: destination, reason: .unsuitableDestination(target, .folder)))
        #expect(try linkText(destination) == "../elsewhere/sheet.png")
        #expect(try folder.names(in: "elsewhere/sheet.png") == [])
    }

    @Test("A folder at the destination is refused naming it, and stays as it was")
    func folderRefused() throws {
        let destination = try folder.folder("out/sheet.png")
        try folder.files("out/sheet.png/keep.txt")
        let failure = writeFailure(try plan(), to: destination)
        #expect(failure == WriteError(path: destination, reason: .unsuitableDestination(destination, .folder)))
        #expect(try folder.names(in: "out/sheet.png") == ["keep.txt"])
    }

    @Test("A socket at the destination is refused naming it, and stays a socket")
    func socketRefused() throws {
        let destination = folder.path + "/out/socket"
        let listener = try UnixSocket(path: destination)
        let failure = writeFailure(try plan(), to: destination)
        #expect(failure == WriteError(path: destination, reason: .unsuitableDestination(destination, .socket)))
        #expect(listener.isSocket)
    }

    /// A pyramid's part where a device, FIFO or socket is: `board.dzi` or the IIIF folder.
    struct PyramidCase: CustomTestStringConvertible, Sendable {
        let format: SheetFormat
        let name: String
        var testDescription: String { "\(format) at \(name)" }
    }

    static let pyramids = [
        PyramidCase(format: .dzi, name: "board.dzi"), PyramidCase(format: .dzi, name: "board.manifest.json"),
        PyramidCase(format: .dzi, name: "board_files"), PyramidCase(format: .iiif, name: "board"),
    ]

    @Test("A pyramid whose part is a FIFO is refused naming it, before anything waits on it", arguments: pyramids)
    func pyramidOverFIFO(_ pyramid: PyramidCase) throws {
        let part = folder.path + "/out/" + pyramid.name
        #expect(mkfifo(part, 0o666) == 0)
        let destination = folder.path + "/out/" + (pyramid.format == .dzi ? "board.dzi" : "board")
        let failure = writeFailure(try plan(pyramid.format), to: destination)
        #expect(failure == WriteError(path: part, reason: .unsuitableDestination(part, .fifo)))
        #expect(try folder.names(in: "out") == [pyramid.name])
        var status = stat()
        #expect(lstat(part, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("A pyramid whose part is a device is refused naming it, and the device stays",
          .enabled(if: DeviceNode.available, "mknod needs CAP_MKNOD and a device cgroup that lets the node open"),
          arguments: pyramids)
    func pyramidOverDevice(_ pyramid: PyramidCase) throws {
        let part = folder.path + "/out/" + pyramid.name
        try #require(DeviceNode.make(DeviceNode.null, at: part))
        let destination = folder.path + "/out/" + (pyramid.format == .dzi ? "board.dzi" : "board")
        let failure = writeFailure(try plan(pyramid.format), to: destination)
        #expect(failure == WriteError(path: part, reason: .unsuitableDestination(part, .characterDevice)))
        #expect(try folder.names(in: "out") == [pyramid.name])
        #expect(DeviceNode.isCharacterDevice(part))
    }
}
