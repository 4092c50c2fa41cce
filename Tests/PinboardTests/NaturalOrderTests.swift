import Pinboard
import Testing

@Suite("Natural order")
struct NaturalOrderTests {
    /// Pairs in the order they must sort, each with why.
    static let ascendingPairs: [(first: String, second: String, why: String)] = [
        ("img2.png", "img10.png", "digit runs compare as numbers"),
        ("img9", "img10", "a longer number is larger"),
        ("a2b", "a10a", "the number decides before the text after it"),
        ("IMG1", "img2", "letters compare case-insensitively first"),
        ("Apple", "banana", "case does not put capitals first"),
        ("IMG1", "img1", "case-insensitive ties fall back to bytes: 'I' < 'i'"),
        ("a/b", "a-b", "the path separator sorts before everything"),
        ("a/z.png", "a.png", "a folder's files come before a file named like it"),
        ("sub/x.png", "sub0.png", "the separator sorts before digits too"),
        ("img.png", "img1.png", "punctuation sorts before digits"),
        ("a1", "ab", "digits sort before letters"),
        ("img", "img1", "a prefix comes first"),
        ("img1", "img01", "numerically equal: fewer leading zeros first"),
        ("img01", "img001", "numerically equal: fewer leading zeros first"),
        ("a01b", "a1c", "leading zeros only break ties: b < c decides"),
        ("x0", "x00", "zero with fewer zeros first"),
        ("n99999999999999999999999999999", "n100000000000000000000000000000",
         "digit runs beyond Int64 compare without overflow"),
        ("n18446744073709551616", "n18446744073709551617", "equal lengths beyond UInt64 compare digit by digit"),
        ("n00000000000000000000000000000001", "n2", "long leading zeros do not count"),
        ("é1", "é2", "non-ASCII letters compare too"),
        ("É1", "é2", "non-ASCII letters compare case-insensitively"),
    ]

    @Test("Sorts ascending", arguments: ascendingPairs)
    func ascending(pair: (first: String, second: String, why: String)) {
        #expect(NaturalOrder.compare(pair.first, pair.second) < 0, "\(pair.why)")
        #expect(NaturalOrder.compare(pair.second, pair.first) > 0, "\(pair.why)")
        #expect(NaturalOrder.areInIncreasingOrder(pair.first, pair.second))
        #expect(!NaturalOrder.areInIncreasingOrder(pair.second, pair.first))
    }

    @Test("Only identical strings tie", arguments: ["", "img10.png", "Ä/ö9", "007"])
    func identicalTie(path: String) {
        #expect(NaturalOrder.compare(path, path) == 0)
        #expect(!NaturalOrder.areInIncreasingOrder(path, path))
    }

    @Test("Sorts a folder listing as a person numbers it")
    func folderListing() {
        let listing = ["img10.png", "IMG2.png", "img1.png", "img01.png", "cover.png", "sub/img3.png", "img2.png"]
        #expect(listing.sorted(by: NaturalOrder.areInIncreasingOrder) == [
            "cover.png", "img1.png", "img01.png", "IMG2.png", "img2.png", "img10.png", "sub/img3.png",
        ])
    }
}
