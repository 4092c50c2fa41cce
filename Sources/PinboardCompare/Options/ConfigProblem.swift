/// What is wrong with a settings file (`ComparisonConfig`), with the key at fault spelled
/// as a path into the file: `rules[1].maxDiffPixels`.
public enum ConfigProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable
    /// The file is larger than a settings file has reason to be.
    case tooLarge(bytes: Int, limit: Int)
    /// Arrays and objects nest deeper than `limit`.
    case tooDeep(limit: Int)
    /// The text is not JSON; the parser's words.
    case notJSON(String)
    /// A key no settings file has: a misspelt setting, say.
    case unknownKey(String, known: [String])
    /// A key's value is not what it must be.
    case badValue(key: String, expected: String)
    /// A rule has no `match` glob.
    case missingMatch(rule: Int)

    public var description: String {
        switch self {
        case .unreadable: "cannot read it"
        case .tooLarge(let bytes, let limit): "it is \(bytes) bytes, over the \(limit) a settings file may be"
        case .tooDeep(let limit): "its arrays and objects nest deeper than \(limit)"
        case .notJSON(let reason): "not JSON: \(reason)"
        case .unknownKey(let key, let known): "unknown key \"\(key)\"; the keys are " + known.joined(separator: ", ")
        case .badValue(let key, let expected): "\"\(key)\" must be \(expected)"
        case .missingMatch(let rule): "rules[\(rule)] needs a \"match\" glob"
        }
    }
}
