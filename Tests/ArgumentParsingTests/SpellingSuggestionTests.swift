@testable import ArgumentParsing
import Testing

@Suite("Spelling suggestions")
struct SpellingSuggestionTests {
    @Test("Edit distance counts a swap of neighbours as one edit", arguments: [
        ("", "", 0), ("abc", "", 3), ("", "ab", 2), ("width", "width", 0), ("widht", "width", 1),
        ("colums", "columns", 1), ("kitten", "sitting", 3), ("ca", "abc", 3), ("vertcal", "vertical", 1),
    ])
    func editDistance(lhs: String, rhs: String, distance: Int) {
        #expect(SpellingSuggestion.editDistance(lhs, rhs) == distance)
        #expect(SpellingSuggestion.editDistance(rhs, lhs) == distance)
    }

    @Test("Only a close candidate is suggested, the first on a tie", arguments: [
        ("colums", ["width", "columns", "column-width"], "columns"),
        ("row", ["rows", "row-height"], "rows"),
        ("wdth", ["width"], "width"),
        ("wd", ["width"], nil),
        ("margn", ["margin", "padding"], "margin"),
        ("bo", ["box", "bilinear"], "box"),
        ("x", ["box", "rows"], nil),
        ("ab", ["aa", "bb"], "aa"),
    ] as [(String, [String], String?)])
    func nearest(typed: String, candidates: [String], suggestion: String?) {
        #expect(SpellingSuggestion.nearest(to: typed, in: candidates) == suggestion)
    }
}
