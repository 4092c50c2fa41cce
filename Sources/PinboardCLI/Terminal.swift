import Foundation

/// The one way pinboard's messages reach a terminal, so no file name can steer it.
///
/// A file name may hold any byte but `/` and NUL: an escape sequence that retitles or
/// recolours the terminal, a carriage return that overwrites the line, a newline that
/// forges a message of its own, a right-to-left override that reverses what follows.
/// Every line is passed through `escaped(_:)` before it is written, whatever it quotes.
/// Bytes that are not UTF-8 never get this far: paths are spelled with `\xNN` for them
/// (see the library's `Source.path`).
enum Terminal {
    /// Writes each line to stderr, escaped, ending each with a newline.
    static func report(_ lines: String...) {
        write(lines.map(escaped).joined(separator: "\n") + "\n", to: STDERR_FILENO)
    }

    /// Writes lines to stdout, each escaped, each ending with a newline.
    static func print(lines: [String]) {
        write(lines.map(escaped).joined(separator: "\n") + "\n", to: STDOUT_FILENO)
    }

    /// `text` with every character a terminal would act on instead of show written as a
    /// visible escape: `\n`, `\r` and `\t`; `\xNN` for the other C0 controls (ESC is
    /// `\x1B`) and DEL; `\u{NN}` for the C1 controls and the invisible bidirectional
    /// formatting characters.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x80: result += "\\x" + hex(scalar.value, digits: 2)
            default: result += "\\u{" + hex(scalar.value, digits: 2) + "}"
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Whether `fd` is a pipe or socket whose reading end has been closed: `poll` reports
    /// `POLLERR` on the writing end of such a pipe.
    static func readerHasQuit(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: 0, revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLERR) != 0
    }

    /// Writes the whole text, or as much as a reader takes: a reader that has quit (a
    /// closed pipe, `EPIPE`) ends the writing silently, where `FileHandle.write` would
    /// stop the process with a crash report.
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
