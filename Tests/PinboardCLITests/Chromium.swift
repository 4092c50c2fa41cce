import Foundation
import Testing
import TestSupport

/// Headless Chromium from Debian (`apt-get install chromium`, which `scripts/setup` and so
/// CI install), for the few tests that open a page in a real browser and read the DOM it
/// built. It takes seconds a page on two cores, so those tests are kept to a minimum.
enum Chromium {
    /// The browser's path, if installed.
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why the browser tests are skipped, when they are: only where Chromium is absent.
    static let absence: Comment = "Chromium is not installed here: apt-get install chromium (scripts/setup installs it, as CI does)"

    /// The DOM of the page at `page` once loaded and its scripts run, serialised as HTML.
    ///
    /// Each run gets its own profile folder, so tests running at once do not share one.
    ///
    /// - Parameter fragment: What follows `#` in the page's address, as the page reads it
    ///   from `location.hash`; none when nil.
    static func dumpDOM(of page: String, fragment: String? = nil) throws -> String {
        let path = try #require(path, absence)
        let profile = try TemporaryFolder()
        let run = try ToolRun.command(path, [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
            "--dump-dom", URL(fileURLWithPath: page).absoluteString + (fragment.map { "#" + $0 } ?? ""),
        ])
        try #require(run.status == 0, "chromium exited \(run.status): \(run.stderr)")
        return run.stdout
    }

    /// How many times `needle` occurs in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
