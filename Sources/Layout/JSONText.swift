/// Just enough JSON writing for the manifest, in the standard library.
///
/// Foundation's `JSONEncoder` on Linux writes an object's keys in hash order, which changes
/// from run to run; the manifest promises its keys in a fixed order, so it writes itself.
/// The output matches `JSONEncoder` with `.withoutEscapingSlashes`: no whitespace, `/` as is.
enum JSONText {
    /// An object with a member for every coding key, in the keys' declared order.
    ///
    /// - Parameter value: The written value of the member named by each key.
    static func object<Key: CodingKey & CaseIterable>(_ keys: Key.Type, _ value: (Key) -> String) -> String {
        "{" + Key.allCases.map { string($0.stringValue) + ":" + value($0) }.joined(separator: ",") + "}"
    }

    /// An array of already-written values.
    static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }

    /// A quoted string, with the quote, the backslash and the control characters escaped.
    static func string(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
