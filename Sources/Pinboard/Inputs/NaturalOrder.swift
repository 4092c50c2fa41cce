/// The order in which a folder's images go onto a sheet: the order a person would number them.
///
/// Two paths are compared in three steps, each deciding only when the one before it ties:
///
/// 1. Piece by piece, where a run of ASCII digits is one piece compared as a number
///    (`img2` before `img10`, however long the run: digits are compared as text, never
///    converted, so no run overflows), and any other character is one piece compared
///    case-insensitively (`IMG1` and `img1` tie here). The path separator `/` sorts before
///    every other character, so a folder's files stay together: `a/b` comes before `a-b`
///    and `a.png`. Other characters keep their code point order, so `img.png` comes
///    before `img1.png`, and digits before letters.
/// 2. At the first pair of numbers that are equal but spelled with different numbers of
///    leading zeros, the shorter spelling comes first: `img1` before `img01` before `img001`.
/// 3. The bytes of the UTF-8 paths, so that no two different paths ever tie: `IMG1` comes
///    before `img1`.
///
/// ```swift
/// ["img10.png", "img2.png"].sorted(by: NaturalOrder.areInIncreasingOrder)
/// // ["img2.png", "img10.png"]
/// ```
public enum NaturalOrder {
    /// Whether `lhs` goes before `rhs`; a strict total order, ready for `sorted(by:)`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Compares two paths in natural order.
    ///
    /// - Returns: A negative number when `lhs` goes first, a positive one when `rhs` does,
    ///   and zero only when the two are the same string.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        let left = lhs.unicodeScalars
        let right = rhs.unicodeScalars
        var l = left.startIndex
        var r = right.startIndex
        var leadingZeros = 0
        while l < left.endIndex, r < right.endIndex {
            if left[l].isASCIIDigit, right[r].isASCIIDigit {
                let leftEnd = left[l...].firstIndex { !$0.isASCIIDigit } ?? left.endIndex
                let rightEnd = right[r...].firstIndex { !$0.isASCIIDigit } ?? right.endIndex
                let order = compareNumbers(left[l..<leftEnd], right[r..<rightEnd])
                if order != 0 {
                    return order
                }
                if leadingZeros == 0 {
                    leadingZeros = left.distance(from: l, to: leftEnd) - right.distance(from: r, to: rightEnd)
                }
                l = leftEnd
                r = rightEnd
            } else {
                let order = Int(rank(of: left[l])) - Int(rank(of: right[r]))
                if order != 0 {
                    return order
                }
                l = left.index(after: l)
                r = right.index(after: r)
            }
        }
        if l < left.endIndex || r < right.endIndex {
            return l < left.endIndex ? 1 : -1
        }
        if leadingZeros != 0 {
            return leadingZeros
        }
        return compareBytes(lhs, rhs)
    }

    /// Compares two digit runs by value without converting them, so any length is safe.
    private static func compareNumbers(
        _ lhs: Substring.UnicodeScalarView, _ rhs: Substring.UnicodeScalarView
    ) -> Int {
        let left = lhs.drop { $0 == "0" }
        let right = rhs.drop { $0 == "0" }
        if left.count != right.count {
            return left.count - right.count
        }
        for (a, b) in zip(left, right) where a != b {
            return Int(a.value) - Int(b.value)
        }
        return 0
    }

    /// The sort key of one character: its lowercase code point, shifted up by one so that
    /// the path separator can take the lowest key, zero.
    ///
    /// Characters whose lowercase form is several scalars are keyed by its first one; that
    /// is close enough for ordering, and step 3 still separates them.
    private static func rank(of scalar: Unicode.Scalar) -> UInt32 {
        if scalar == "/" {
            return 0
        }
        if scalar.isASCII {
            let isUppercase = ("A"..."Z").contains(scalar)
            return scalar.value + (isUppercase ? 32 : 0) + 1
        }
        let lowercase = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
        return lowercase.value + 1
    }

    /// The last tiebreak: the UTF-8 bytes, which differ whenever the strings do.
    private static func compareBytes(_ lhs: String, _ rhs: String) -> Int {
        if lhs.utf8.elementsEqual(rhs.utf8) {
            return 0
        }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }
}

private extension Unicode.Scalar {
    var isASCIIDigit: Bool {
        ("0"..."9").contains(self)
    }
}
