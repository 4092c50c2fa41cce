/// Just enough JSON writing for the manifest, in the standard library.
///
/// Foundation's `JSONEncoder` on Linux writes an object's keys in hash order, which changes
/// from run to run; the manifest promises its keys in a fixed order, so it writes itself.
/// The output matches `JSONEncoder` with `.withoutEscapingSlashes`: no whitespace, `/` as is.
struct JSONText {
    private(set) var text = ""

    /// Writes an object with a member for every coding key, in the keys' declared order.
    ///
    /// - Parameters:
    ///   - includes: Whether the member named by a key is written; members left at a default
    ///     that older readers do not know are left out, so older files keep their exact bytes.
    ///   - member: Writes the value of the member named by each key.
    mutating func object<Key: CodingKey & CaseIterable>(
        _ keys: Key.Type, including includes: (Key) -> Bool = { _ in true }, _ member: (inout JSONText, Key) -> Void
    ) {
        text += "{"
        var first = true
        for key in Key.allCases where includes(key) {
            if !first {
                text += ","
            }
            first = false
            string(key.stringValue)
            text += ":"
            member(&self, key)
        }
        text += "}"
    }

    /// Writes an object whose members are known only at run time, in the order given.
    mutating func object(_ members: [(key: String, value: (inout JSONText) -> Void)]) {
        text += "{"
        for (position, member) in members.enumerated() {
            if position > 0 {
                text += ","
            }
            string(member.key)
            text += ":"
            member.value(&self)
        }
        text += "}"
    }

    /// Writes an array, one element after another.
    mutating func array<Element>(_ elements: [Element], _ element: (inout JSONText, Element) -> Void) {
        text += "["
        for (position, value) in elements.enumerated() {
            if position > 0 {
                text += ","
            }
            element(&self, value)
        }
        text += "]"
    }

    mutating func number(_ value: Int) {
        text += String(value)
    }

    /// Writes a finite number in Swift's shortest form that reads back to the same value
    /// (`0.25`, `1.0`, `1e-05`): the same text on every machine, valid JSON.
    mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON has no infinities or NaN")
        text += value.description
    }

    /// Writes an object of string members in key order, so equal dictionaries give equal text.
    mutating func strings(_ members: [String: String]) {
        text += "{"
        for (position, key) in members.keys.sorted().enumerated() {
            if position > 0 {
                text += ","
            }
            string(key)
            text += ":"
            string(members[key] ?? "")
        }
        text += "}"
    }

    mutating func bool(_ value: Bool) {
        text += value ? "true" : "false"
    }

    /// Writes a quoted string, with the quote, the backslash and the control characters escaped.
    mutating func string(_ value: String) {
        text += "\""
        // Most names need no escape; copying them whole is many times faster than by scalar.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            text += value
        } else {
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
        }
        text += "\""
    }
}
