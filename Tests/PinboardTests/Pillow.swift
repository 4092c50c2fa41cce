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
        let (status, output) = try Subprocess.run(executable, arguments)
        return (status, String(decoding: output, as: UTF8.self))
    }
}
