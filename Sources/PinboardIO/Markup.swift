/// Text made safe to put inside HTML and XML, as element content or a quoted attribute.
///
/// Names in reports and board pages come from files and folders, which may be called
/// anything: `<img src=x onerror=alert(1)>.png` is a fair file name, and must show as
/// that text rather than become an element. The five characters markup gives a meaning
/// are written as references, and characters XML 1.0 forbids outright (controls other
/// than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF) as
/// U+FFFD, so a JUnit file stays well-formed whatever a file is called.
package enum Markup {
    /// `text` with `&`, `<`, `>`, `"` and `'` as references and forbidden characters replaced.
    package static func escaped(_ text: String) -> String {
        // Most names need nothing escaped, and are returned as they are.
        guard text.unicodeScalars.contains(where: { references[$0] != nil || !isAllowed($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let reference = references[scalar] {
                result += reference
            } else {
                result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// The characters markup gives a meaning, and the references that stand for them.
    private static let references: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    /// An HTML page's start up to its body: the doctype, UTF-8, a viewport for phones, the
    /// title (escaped here) and an inline style sheet.
    package static func pageHead(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <style>\(style)</style>
        </head>

        """
    }

    /// Whether XML 1.0's `Char` production admits the scalar.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
