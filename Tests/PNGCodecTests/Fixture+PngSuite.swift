import TestSupport

extension Fixture {
    /// PngSuite's valid images: every file (the suite's own logo included) except the `x*` ones, which are corrupt on purpose.
    static func validSuiteNames() throws -> [String] {
        try MissingFixture.nonEmpty(pngSuiteNames().filter { !$0.hasPrefix("x") }, "valid PngSuite files")
    }

    /// PngSuite's `x*` images, each damaged in one way a decoder must refuse.
    static func corruptSuiteNames() throws -> [String] {
        try MissingFixture.nonEmpty(pngSuiteNames().filter { $0.hasPrefix("x") }, "corrupt (x*) PngSuite files")
    }
}
