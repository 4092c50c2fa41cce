import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes.
final class TemporaryFolder {
    /// The folder's absolute path, without a trailing slash.
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pinboard-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates a folder at a path relative to this one, and returns its absolute path.
    func folder(_ relativePath: String) throws -> String {
        let folder = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Copies fixtures (paths relative to `Fixtures/`) into `folder` under their own names.
    func copy(_ fixtures: [String], into folder: String) throws {
        for fixture in fixtures {
            let name = URL(fileURLWithPath: fixture).lastPathComponent
            try FileManager.default.copyItem(atPath: Fixture.path(fixture), toPath: folder + "/" + name)
        }
    }

    /// The names in this folder, hidden ones included, sorted.
    func names(in relativePath: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relativePath.isEmpty ? path : path + "/" + relativePath).sorted()
    }
}
