import TestSupport

extension Fixture {
    /// The PngSuite files whose names start with `prefix`, in the order `ls` gives them.
    static func pngSuite(prefix: String) -> [String] {
        pngSuiteNames.filter { $0.hasPrefix(prefix) }.map { path("pngsuite/" + $0) }
    }
}
