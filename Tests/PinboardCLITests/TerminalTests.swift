@testable import PinboardCLI
import Testing

@Suite("Terminal escaping")
struct TerminalTests {
    @Test("Characters a terminal acts on are written as visible escapes", arguments: [
        ("plain café.png", "plain café.png"),
        ("new\nline\r\ttab", "new\\nline\\r\\ttab"),
        ("\u{1B}]0;title\u{7}", "\\x1B]0;title\\x07"),
        ("\u{1B}[31mred\u{1B}[0m", "\\x1B[31mred\\x1B[0m"),
        ("nul\u{0}del\u{7F}", "nul\\x00del\\x7F"),
        ("csi\u{9B}31m nel\u{85}", "csi\\u{9B}31m nel\\u{85}"),
        ("\u{202E}gnp.exe", "\\u{202E}gnp.exe"),
        ("isolate\u{2066}x\u{2069}", "isolate\\u{2066}x\\u{2069}"),
        ("caf\\xE9.png", "caf\\xE9.png"),
    ])
    func escaped(text: String, shown: String) {
        #expect(Terminal.escaped(text) == shown)
    }
}
