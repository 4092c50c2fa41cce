import Foundation
import ImageInput
import PNGCodec
import Testing
import TestSupport

/// Headless Chromium from Debian (`apt-get install chromium`, which `scripts/setup` and so
/// CI install), for the few tests that open a page in a real browser and read the DOM it
/// built or the pixels it drew. It takes seconds a page on two cores, so those tests are
/// kept to a minimum.
enum Chromium {
    /// The browser's path, if installed.
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why the browser tests are skipped, when they are: only where Chromium is absent.
    static let absence: Comment = "Chromium is not installed here: apt-get install chromium (scripts/setup installs it, as CI does)"

    /// The DOM of the page at `page` (with `fragment`, the part after `#`, when given) once
    /// loaded and its scripts run, serialised as HTML.
    static func dumpDOM(of page: String, fragment: String? = nil) throws -> String {
        try run(page: page, fragment: fragment, ["--dump-dom"]).stdout
    }

    /// What the page at `page` draws in a window of `width` × `height`, once loaded and
    /// the images it asked for in that time have arrived; the network is off (a proxy
    /// that is not there), so only `file://` loads.
    static func screenshot(of page: String, fragment: String? = nil, width: Int, height: Int) throws -> RGBAImage {
        let folder = try TemporaryFolder()
        let shot = folder.path + "/shot.png"
        _ = try run(page: page, fragment: fragment, ["--window-size=\(width),\(height)", "--screenshot=\(shot)"])
        return try PNGDecoder.decode(path: shot)
    }

    /// Each run gets its own profile folder, so tests running at once do not share one, and
    /// ten seconds of the page's own time, so images it adds from its script arrive.
    private static func run(page: String, fragment: String?, _ arguments: [String]) throws -> ToolRun {
        let path = try #require(path, absence)
        let profile = try TemporaryFolder()
        var url = URL(fileURLWithPath: page).absoluteString
        if let fragment { url += "#" + fragment }
        let run = try ToolRun.command(path, [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
            "--proxy-server=127.0.0.1:9", "--virtual-time-budget=10000",
        ] + arguments + [url])
        try #require(run.status == 0, "chromium exited \(run.status): \(run.stderr)")
        return run
    }

    /// How many times `needle` occurs in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
