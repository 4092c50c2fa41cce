import Foundation

/// Paths into the package's `Fixtures/` folder, found from this file's path (`#filePath`)
/// so tests run from any directory and need no bundle resources.
package enum Fixture {
    /// The folder's absolute path, without a trailing slash.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fixtures").path

    /// The absolute path of `relative`, a path inside `Fixtures/`.
    package static func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// The same as a file URL.
    package static func url(_ relative: String) -> URL {
        URL(fileURLWithPath: path(relative))
    }

    /// The bytes of the file at `path`, a fixture or any other file.
    package static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The fixture at `relative` decoded from JSON, as the scripts that make goldens write
    /// their indexes.
    package static func json<Value: Decodable>(_ type: Value.Type, at relative: String) throws -> Value {
        try JSONDecoder().decode(type, from: bytes(path(relative)))
    }

    /// Copies the fixture at `relative` to `destination`.
    package static func copy(_ relative: String, to destination: String) throws {
        try FileManager.default.copyItem(atPath: path(relative), toPath: destination)
    }

    /// The names of PngSuite's images in `Fixtures/pngsuite/`, in the order `ls` gives them.
    ///
    /// - Throws: when the folder cannot be listed or holds no PNG, so that tests taking
    ///   their arguments from it fail rather than run no cases.
    package static func pngSuiteNames() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path("pngsuite"))
        return try MissingFixture.nonEmpty(names.filter { $0.hasSuffix(".png") }.sorted(), "PNG files in Fixtures/pngsuite")
    }
}
