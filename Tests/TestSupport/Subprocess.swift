import Foundation

/// Runs the independent tools the tests check pinboard against (Python with Pillow,
/// coreutils' `sha256sum`): written once, so every check starts a tool the same way.
package enum Subprocess {
    /// Runs `executable` with `arguments` and waits for it; what it writes to stderr is dropped.
    ///
    /// - Returns: the exit status and what it printed on stdout.
    package static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// The SHA-256 of the file at `path` as coreutils computes it, independent of pinboard's
    /// own digest: 64 hex digits, or what the tool printed instead when it failed.
    package static func sha256sum(_ path: String) throws -> String {
        String(decoding: try run("/usr/bin/env", ["sha256sum", path]).output.prefix(64), as: UTF8.self)
    }
}
