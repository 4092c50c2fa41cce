import Foundation

/// One run of the built `pinboard` executable: what it printed and how it exited.
struct ToolRun {
    let stdout: String
    let stderr: String
    let status: Int32

    /// The executable SwiftPM built next to the test bundle, as its package templates find it.
    static var executable: URL {
        Bundle.main.bundleURL.appendingPathComponent("pinboard")
    }

    /// Runs `pinboard` with `arguments` and `COLUMNS=80`, and waits for it to exit.
    static func pinboard(_ arguments: [String]) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["COLUMNS": "80"]) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Both outputs are far below a pipe's buffer, so reading one after the other cannot stall.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                       status: process.terminationStatus)
    }
}
