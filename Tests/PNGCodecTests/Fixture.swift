import Foundation

/// Paths into the package's `Fixtures/` folder, found from this file so tests run from any directory.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    static let pngSuite = path("pngsuite")

    /// PngSuite's valid images: every file (the suite's own logo included) except the `x*` ones, which are corrupt on purpose.
    static let validSuiteNames: [String] = suiteNames.filter { !$0.hasPrefix("x") }
    static let corruptSuiteNames: [String] = suiteNames.filter { $0.hasPrefix("x") }

    private static var suiteNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pngSuite)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted()
    }

    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pngcodec-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
