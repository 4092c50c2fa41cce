import TestSupport

extension Fixture {
    /// PngSuite's valid images: every file (the suite's own logo included) except the `x*` ones, which are corrupt on purpose.
    static let validSuiteNames: [String] = pngSuiteNames.filter { !$0.hasPrefix("x") }
    static let corruptSuiteNames: [String] = pngSuiteNames.filter { $0.hasPrefix("x") }
}
