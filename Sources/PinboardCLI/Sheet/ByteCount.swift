import ArgumentParsing

/// A number of bytes as a person types it: `3221225472`, `512M`, `4G`, `1.5G`, `2TiB` (K, M,
/// G and T are powers of 1024, as `--max-memory`'s help says).
struct ByteCount: Equatable, Sendable, ExpressibleByArgument {
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    init?(argument: String) {
        var text = Substring(argument.uppercased())
        for suffix in ["IB", "B"] where text.hasSuffix(suffix) && text.count > suffix.count {
            text = text.dropLast(suffix.count)
            break
        }
        let units: [Character: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024, "T": 1024 * 1024 * 1024 * 1024]
        var scale = 1.0
        if let last = text.last, let unit = units[last] {
            scale = unit
            text = text.dropLast()
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let number = Double(text) else {
            return nil
        }
        let bytes = (number * scale).rounded(.down)
        guard bytes >= 0, bytes < Double(Int.max) else { return nil }
        self.bytes = Int(bytes)
    }

    static var expectation: String { "a size in bytes, or with K, M, G or T (4G)" }

    var defaultValueDescription: String { String(bytes) }
}
