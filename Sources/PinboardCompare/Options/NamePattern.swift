/// A name or a glob that picks images by the name they pair by: `login.png`, `forms/*.png`,
/// `shot-??.png`.
///
/// `*` stands for any run of characters, `/` included (so `*.png` picks PNGs at any depth),
/// and `?` for any one character; every other character stands for itself.
public struct NamePattern: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    private let characters: [Character]

    public init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    public var description: String { text }

    /// Whether `name` matches the whole pattern.
    public func matches(_ name: String) -> Bool {
        let name = Array(name)
        // The classic two-pointer walk: on a mismatch, let the last `*` take one more character.
        var p = 0
        var n = 0
        var star: (pattern: Int, name: Int)?
        while n < name.count {
            if p < characters.count, characters[p] == "*" {
                star = (p, n)
                p += 1
            } else if p < characters.count, characters[p] == "?" || characters[p] == name[n] {
                p += 1
                n += 1
            } else if let last = star {
                p = last.pattern + 1
                n = last.name + 1
                star = (last.pattern, last.name + 1)
            } else {
                return false
            }
        }
        while p < characters.count, characters[p] == "*" { p += 1 }
        return p == characters.count
    }
}
