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

    /// Copies fixtures into `folder`, each under its own name or the one given after `as`.
    static func copy(_ relativePaths: [(fixture: String, as: String)], into folder: String) throws {
        for (fixture, name) in relativePaths {
            try FileManager.default.copyItem(atPath: path(fixture), toPath: folder + "/" + name)
        }
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
