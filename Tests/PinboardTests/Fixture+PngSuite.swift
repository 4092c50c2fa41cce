import TestSupport

extension Fixture {
    /// The PngSuite files whose names start with `prefix`, in the order `ls` gives them.
    ///
    /// - Throws: `MissingFixture` when there are none.
    static func pngSuite(prefix: String) throws -> [String] {
        try MissingFixture.nonEmpty(pngSuiteNames().filter { $0.hasPrefix(prefix) }.map { path("pngsuite/" + $0) }, "PngSuite files \(prefix)*")
    }
}
