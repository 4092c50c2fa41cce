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

    /// Starts `pinboard`, kills it with SIGKILL after `delay` seconds, and waits for it.
    func runKilled(after delay: Double) throws {
        let process = Process()
        process.executableURL = ToolRun.executable
        process.arguments = Self.arguments
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
}
