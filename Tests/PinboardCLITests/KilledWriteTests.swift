import Foundation
import Testing
import TestSupport

/// A run killed outright (SIGKILL: no handler runs) at any moment leaves the destination
/// as it was, and the next run clears the temporary file it left.
@Suite("Killed writes")
struct KilledWriteTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
        for fixture in ["red-40x30", "green-18x60", "blue-64x16", "yellow-25x25"] {
            for copy in 1...3 {
                try Fixture.copy("solid/\(fixture).png", to: folder.photos + "/\(fixture)-\(copy).png")
            }
        }
    }

    static let arguments = ["photos", "--width", "600", "-c", "3", "-o", "out/sheet.png"]

    /// Starts `pinboard` with `arguments`, kills it with SIGKILL after `delay` seconds, and waits for it.
    func runKilled(after delay: Double, arguments: [String] = Self.arguments) throws {
        let process = Process()
        process.executableURL = ToolRun.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(useconds_t(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func temporaryFiles() throws -> [String] {
        try folder.names(in: "out").filter { $0.hasPrefix(".sheet.png.pinboard-") }
    }

    @Test("SIGKILL at 20 moments of a write leaves the old sheet or the whole new one, never a part",
          arguments: [true, false])
    func killedAtManyPoints(hadSheet: Bool) throws {
        // The whole new sheet, and how long a run takes here, to spread the kills over it.
        _ = try folder.folder("out")
        let started = Date()
        let reference = try ToolRun.pinboard(Self.arguments, in: folder.path)
        let duration = Date().timeIntervalSince(started)
        try #require(reference.status == 0, "\(reference.stderr)")
        let newSheet = try Fixture.bytes(folder.path + "/out/sheet.png")
        let destination = folder.path + "/out/sheet.png"
        try FileManager.default.removeItem(atPath: destination)
        let oldSheet = try Fixture.bytes(Fixture.path("solid/blue-64x16.png"))
        if hadSheet { try oldSheet.write(to: URL(fileURLWithPath: destination)) }
        var killedMidWrite = 0
        for point in 0..<20 {
            try runKilled(after: duration * Double(point) / 16)
            let now = FileManager.default.contents(atPath: destination)
            if now == newSheet {
                // The run finished before the kill; start over from the old state.
                try FileManager.default.removeItem(atPath: destination)
                if hadSheet { try oldSheet.write(to: URL(fileURLWithPath: destination)) }
            } else {
                #expect(now == (hadSheet ? oldSheet : nil), "kill \(point) at \(duration * Double(point) / 16) s")
            }
            killedMidWrite += try temporaryFiles().isEmpty ? 0 : 1
        }
        #expect(killedMidWrite > 0, "no kill landed while the sheet was being written")
        let final = try ToolRun.pinboard(Self.arguments, in: folder.path)
        #expect(final.status == 0)
        #expect(try temporaryFiles() == [], "the next run removes what killed runs left")
        #expect(FileManager.default.contents(atPath: destination) == newSheet)
    }

    @Test("SIGKILL at 20 moments of a write through a symbolic link leaves the link, and its target old or whole")
    func killedThroughLink() throws {
        // The whole new sheet, written to a plain file, and how long a run takes here.
        _ = try folder.folder("out")
        let started = Date()
        let reference = try ToolRun.pinboard(Self.arguments, in: folder.path)
        let duration = Date().timeIntervalSince(started)
        try #require(reference.status == 0, "\(reference.stderr)")
        let newSheet = try Fixture.bytes(folder.path + "/out/sheet.png")
        try FileManager.default.removeItem(atPath: folder.path + "/out/sheet.png")
        let target = try folder.folder("elsewhere") + "/sheet.png"
        let oldSheet = try Fixture.bytes(Fixture.path("solid/blue-64x16.png"))
        try oldSheet.write(to: URL(fileURLWithPath: target))
        try folder.link("out/sheet.png", to: "../elsewhere/sheet.png")
        func linkText() -> String? { try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/out/sheet.png") }
        var killedMidWrite = 0
        for point in 0..<20 {
            try runKilled(after: duration * Double(point) / 16)
            #expect(linkText() == "../elsewhere/sheet.png", "kill \(point): the link is gone")
            let now = FileManager.default.contents(atPath: target)
            if now == newSheet {
                try oldSheet.write(to: URL(fileURLWithPath: target))
            } else {
                #expect(now == oldSheet, "kill \(point) at \(duration * Double(point) / 16) s")
            }
            killedMidWrite += try folder.names(in: "elsewhere").contains { $0.hasPrefix(".sheet.png.pinboard-") } ? 1 : 0
        }
        #expect(killedMidWrite > 0, "no kill landed while the sheet was being written")
        let final = try ToolRun.pinboard(Self.arguments, in: folder.path)
        #expect(final.status == 0)
        #expect(linkText() == "../elsewhere/sheet.png")
        #expect(try folder.names(in: "elsewhere") == ["sheet.png"], "the next run removes what killed runs left")
        #expect(try folder.names(in: "out") == ["sheet.png"])
        #expect(FileManager.default.contents(atPath: target) == newSheet)
    }

    /// A pyramid's output: the arguments that write it and the names it puts in `out/`.
    struct Pyramid: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let names: [String]
        let temporaryPrefix: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let pyramids = [
        Pyramid(arguments: ["-o", "out/board.dzi"], names: ["board.dzi", "board.manifest.json", "board_files"],
                temporaryPrefix: ".board.pinboard-"),
        Pyramid(arguments: ["--format", "iiif", "-o", "out/tree"], names: ["tree"], temporaryPrefix: ".tree.pinboard-"),
    ]

    @Test("SIGKILL at 10 moments of a pyramid's write leaves the whole pyramid or none of it, and the next run clears the rest",
          arguments: pyramids)
    func killedPyramid(_ pyramid: Pyramid) throws {
        let arguments = ["photos", "--width", "800", "-c", "3", "--tile-size", "64"] + pyramid.arguments
        _ = try folder.folder("out")
        let started = Date()
        let reference = try ToolRun.pinboard(arguments, in: folder.path)
        let duration = Date().timeIntervalSince(started)
        try #require(reference.status == 0, "\(reference.stderr)")
        func clear() throws {
            for name in pyramid.names { try FileManager.default.removeItem(atPath: folder.path + "/out/" + name) }
        }
        try clear()
        var killedMidWrite = 0
        for point in 0..<10 {
            try runKilled(after: duration * Double(point) / 8, arguments: arguments)
            let names = try folder.names(in: "out")
            let left = names.filter { !$0.hasPrefix(pyramid.temporaryPrefix) }
            if left == pyramid.names {
                try clear()
            } else {
                #expect(left == [], "kill \(point) at \(duration * Double(point) / 8) s left \(left)")
            }
            killedMidWrite += names.count > left.count ? 1 : 0
        }
        #expect(killedMidWrite > 0, "no kill landed while the pyramid was being written")
        let final = try ToolRun.pinboard(arguments, in: folder.path)
        #expect(final.status == 0)
        #expect(try folder.names(in: "out") == pyramid.names, "the next run removes the temporary folders killed runs left")
    }
}
