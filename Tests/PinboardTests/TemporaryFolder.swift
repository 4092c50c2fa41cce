import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes.
final class TemporaryFolder {
    /// The folder's absolute path, without a trailing slash.
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pinboard-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates empty files, and the folders they need, at paths relative to this folder.
    func files(_ relativePaths: String...) throws {
        for relativePath in relativePaths {
            let url = URL(fileURLWithPath: path + "/" + relativePath)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
    }

    /// Creates empty folders at paths relative to this folder.
    func folders(_ relativePaths: String...) throws {
        for relativePath in relativePaths {
            try FileManager.default.createDirectory(
                atPath: path + "/" + relativePath, withIntermediateDirectories: true)
        }
    }

    /// Creates a symbolic link at a relative path, pointing at `destination` as written.
    func link(_ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: path + "/" + relativePath, withDestinationPath: destination)
    }
}
