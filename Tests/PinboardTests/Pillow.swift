import Foundation
import TestSupport
import Testing

/// Pillow as Python test suites run it: 13.0 from PyPI, in the fixture scripts' own
/// environment (`.venv/fixtures`, made by `scripts/own_venv.py` on first use), so the
/// checks run on every machine, not only where the system's Python has Pillow.
enum Pillow {
    /// Runs `python -c script arguments…` in that environment.
    ///
    /// - Returns: the exit status and what the script printed.
    static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let venv = try launch("/usr/bin/env", ["python3", Fixture.root + "/../scripts/own_venv.py", "fixtures"])
        try #require(venv.status == 0, "scripts/own_venv.py fixtures failed")
        return try launch(venv.output.trimmingCharacters(in: .whitespacesAndNewlines), ["-c", script] + arguments)
    }

    private static func launch(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
