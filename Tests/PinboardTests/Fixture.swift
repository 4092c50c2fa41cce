import Foundation

/// Paths into the package's `Fixtures/` folder, found from this file so tests run from any directory.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// The PngSuite files whose names start with `prefix`, in the order `ls` gives them.
    static func pngSuite(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("pngsuite"))) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".png") }.sorted().map { path("pngsuite/" + $0) }
    }

    /// Copies the fixture at `relative` to `destination`.
    static func copy(_ relative: String, to destination: String) throws {
        try FileManager.default.copyItem(atPath: path(relative), toPath: destination)
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
