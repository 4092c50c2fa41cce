import Foundation

/// One run of the built `pinboard` executable: what it printed and how it exited.
struct ToolRun {
    /// Everything written to stdout, byte for byte: a PNG when run with `-o -`.
    let output: Data
    let stderr: String
    let status: Int32

    /// Stdout as text.
    var stdout: String { String(decoding: output, as: UTF8.self) }

    /// Stderr without the run's summary line (`wrote board.png, …`): the warnings alone.
    var warnings: String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("wrote ") }.joined(separator: "\n")
    }

    /// The run's summary line, `wrote board.png, 1600×2095 px, 22 tiles`; nil when there is none.
    var summary: String? {
        stderr.split(separator: "\n").last { $0.hasPrefix("wrote ") }.map(String.init)
    }

    /// The executable SwiftPM built next to the test bundle, as its package templates find it.
    static var executable: URL {
        Bundle.main.bundleURL.appendingPathComponent("pinboard")
    }

    /// Runs `pinboard` with `arguments` and `COLUMNS=80`, and waits for it to exit.
    ///
    /// - Parameter directory: The working directory, where relative paths and the default
    ///   output `pinboard.png` land; the test process's own when `nil`.
    static func pinboard(_ arguments: [String], in directory: String? = nil) throws -> ToolRun {
        try run(executable, arguments, in: directory)
    }

    /// Runs a program found on `PATH`, such as `bash` or `groff`, the same way, with
    /// `environment` over the test's own (`PATH` there is where the program is looked for).
    static func command(
        _ name: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
    ) throws -> ToolRun {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: directory, environment: environment)
    }

    /// Runs `line` through `/bin/sh -c`, as a user types it, with the built `pinboard` first
    /// on `PATH` and `environment` over the test's own (`HOME`, for a `~` in the line).
    static func shell(_ line: String, in directory: String, environment: [String: String] = [:]) throws -> ToolRun {
        let path = executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try run(URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: directory, environment: environment.merging(["PATH": path]) { $1 })
    }

    private static func run(
        _ executable: URL, _ arguments: [String], in directory: String?, environment: [String: String] = [:]
    ) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["COLUMNS": "80"].merging(environment) { $1 }) { $1 }
        if let directory {
            process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true)
        }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Stderr holds a few lines at most, far below a pipe's buffer, so it cannot stall the
        // process while stdout, which may be a whole PNG, is read to its end first.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(output: out, stderr: String(decoding: err, as: UTF8.self), status: process.terminationStatus)
    }
}
