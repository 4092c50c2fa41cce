/// Fixtures a test expected and did not find: a folder or index that is missing, or that
/// lists nothing. Thrown where a test reads its arguments, so the test fails instead of
/// running no cases and passing.
package struct MissingFixture: Error, CustomStringConvertible {
    /// What was looked for, as the message names it: "PNG files in Fixtures/pngsuite".
    package let what: String

    package init(_ what: String) {
        self.what = what
    }

    package var description: String { "no \(what)" }

    /// `list`, unless it is empty.
    ///
    /// - Throws: `MissingFixture(what)` when `list` is empty.
    package static func nonEmpty<T>(_ list: [T], _ what: String) throws -> [T] {
        guard !list.isEmpty else { throw MissingFixture(what) }
        return list
    }
}
