import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes.
/// Not final only for `PhotoFolder`, which adds the input folder most sheet tests start from.
package class TemporaryFolder {
    /// The folder's absolute path, without a trailing slash.
    package let path: String

    package init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pinboard-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates a folder at a path relative to this one, and returns its absolute path.
    package func folder(_ relativePath: String) throws -> String {
        let folder = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Creates empty folders at paths relative to this folder.
    package func folders(_ relativePaths: String...) throws {
        for relativePath in relativePaths {
            _ = try folder(relativePath)
        }
    }

    /// Creates empty files, and the folders they need, at paths relative to this folder.
    package func files(_ relativePaths: String...) throws {
        for relativePath in relativePaths {
            let url = URL(fileURLWithPath: path + "/" + relativePath)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
    }

    /// Creates a file whose name is `name`, any bytes but `/` and NUL (UTF-8 or not, as
    /// old cameras and other systems write them), in a folder relative to this one.
    ///
    /// - Returns: The file's absolute path, as bytes.
    @discardableResult
    package func file(named name: [UInt8], in relativeFolder: String, contents: Data = Data()) throws -> [UInt8] {
        let path = Array(try folder(relativeFolder).utf8) + [UInt8(ascii: "/")] + name
        let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw POSIXError(.EIO) }
        return path
    }

    /// Creates a symbolic link at a relative path, pointing at `destination` as written.
    package func link(_ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: path + "/" + relativePath, withDestinationPath: destination)
    }

    /// Copies fixtures (paths relative to `Fixtures/`) into `folder` under their own names.
    package func copy(_ fixtures: [String], into folder: String) throws {
        for fixture in fixtures {
            try Fixture.copy(fixture, to: folder + "/" + URL(fileURLWithPath: fixture).lastPathComponent)
        }
    }

    /// Copies fixtures (paths relative to `Fixtures/`) to new names, paths relative to this
    /// folder, in the order given: the name decides nothing a scan reads but the extension.
    package func copy(_ renamed: KeyValuePairs<String, String>) throws {
        for (fixture, relativePath) in renamed {
            try Fixture.copy(fixture, to: path + "/" + relativePath)
        }
    }

    /// The names in this folder, or in a folder relative to it, hidden ones included, sorted.
    package func names(in relativePath: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relativePath.isEmpty ? path : path + "/" + relativePath).sorted()
    }
}
