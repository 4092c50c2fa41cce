import ImageInput

/// A caption written as text with fields (`--label '{stem} {width}×{height}'`), checked
/// when it is parsed, so a typo is a usage error before any file is read.
///
/// Fields: `{stem}` and `{name}` (the file name without and with its extension),
/// `{width}` and `{height}` (the upright size), `{taken:FORMAT}` (`PlannedSource.taken`
/// through `FORMAT`'s `%Y %y %m %d %H %M %S %%`; `{taken}` alone is `%Y-%m-%d %H:%M`),
/// `{folder}` (the name of the folder holding the file, `.` for none) and `{size}` (the
/// file's size: `512 B`, `1.5 kB`, `24 kB`, `3.1 MB`, in powers of 1000). `{{` and `}}`
/// write a brace.
public struct LabelTemplate: Sendable, Hashable, CustomStringConvertible {
    /// Why a template does not parse, with the piece at fault.
    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// A `{` with no `}` after it, or a `}` with no `{` before it; the offset in characters.
        case unbalancedBrace(at: Int)
        /// A field name that is none of the fields.
        case unknownField(String)
        /// A `%` conversion of `{taken:…}` that is not one of `%Y %y %m %d %H %M %S %%`.
        case unknownDateConversion(String)
        /// Text with no field at all: most likely a mode's name misspelt.
        case noField

        public var description: String {
            switch self {
            case .unbalancedBrace(let offset): "an unbalanced brace at character \(offset + 1)"
            case .unknownField(let name): "no field '\(name)' (stem, name, width, height, taken, folder, size)"
            case .unknownDateConversion(let conversion): "no date conversion '\(conversion)' (%Y %y %m %d %H %M %S %%)"
            case .noField: "no {field} in it"
            }
        }
    }

    enum Piece: Hashable, Sendable {
        case text(String)
        case stem, name, width, height, folder, size
        case taken([DatePiece])
    }

    enum DatePiece: Hashable, Sendable {
        case text(String)
        case year, shortYear, month, day, hour, minute, second
    }

    /// The template as written.
    public let description: String
    let pieces: [Piece]

    /// - Throws: `ParseError` for the first fault, left to right.
    public init(parsing text: String) throws(ParseError) {
        description = text
        var pieces: [Piece] = []
        var literal = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if (character == "{" || character == "}") && next == character {
                literal.append(character)
                index += 2
                continue
            }
            if character == "}" { throw .unbalancedBrace(at: index) }
            guard character == "{" else {
                literal.append(character)
                index += 1
                continue
            }
            guard let close = characters[(index + 1)...].firstIndex(of: "}"),
                  !characters[(index + 1)..<close].contains("{") else { throw .unbalancedBrace(at: index) }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(try Self.field(String(characters[(index + 1)..<close])))
            index = close + 1
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        guard pieces.contains(where: { if case .text = $0 { false } else { true } }) else { throw .noField }
        self.pieces = pieces
    }

    private static func field(_ body: String) throws(ParseError) -> Piece {
        let (name, format) = body.firstIndex(of: ":").map { (String(body[..<$0]), String(body[body.index(after: $0)...])) } ?? (body, nil)
        switch (name, format) {
        case ("stem", nil): return .stem
        case ("name", nil): return .name
        case ("width", nil): return .width
        case ("height", nil): return .height
        case ("folder", nil): return .folder
        case ("size", nil): return .size
        case ("taken", let format): return .taken(try datePieces(format ?? "%Y-%m-%d %H:%M"))
        default: throw .unknownField(body)
        }
    }

    private static func datePieces(_ format: String) throws(ParseError) -> [DatePiece] {
        var pieces: [DatePiece] = []
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                pieces.append(.text(String(character)))
                continue
            }
            let conversion = characters.next()
            switch conversion {
            case "Y": pieces.append(.year)
            case "y": pieces.append(.shortYear)
            case "m": pieces.append(.month)
            case "d": pieces.append(.day)
            case "H": pieces.append(.hour)
            case "M": pieces.append(.minute)
            case "S": pieces.append(.second)
            case "%": pieces.append(.text("%"))
            default: throw .unknownDateConversion("%" + (conversion.map(String.init) ?? ""))
            }
        }
        return pieces
    }

    /// The caption of `source`; a field the source lacks (a block's date or size) is empty.
    func caption(for source: PlannedSource) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .name: Source.lastComponent(of: source.path)
            case .stem: Self.stem(of: Source.lastComponent(of: source.path))
            case .width: String(source.size.width)
            case .height: String(source.size.height)
            case .folder: Self.folderName(of: source.path)
            case .size: source.file.map { Self.byteCount($0.size) } ?? ""
            case .taken(let format): source.taken.map { Self.date($0, format) } ?? ""
            }
        }.joined()
    }

    /// A file name without its last extension; a name that is all extension (`.hidden`) stays.
    static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func folderName(of path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        return components.count > 1 ? String(components[components.count - 2]) : "."
    }

    /// Bytes in powers of 1000, one decimal below 10 of a unit, as file managers show them.
    static func byteCount(_ bytes: Int) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        var unit = 1000
        for name in ["kB", "MB", "GB", "TB"] {
            if bytes < unit * 1000 - unit / 2 || name == "TB" {
                let tenths = (bytes * 10 + unit / 2) / unit
                return tenths < 100 ? "\(tenths / 10).\(tenths % 10) \(name)" : "\((bytes + unit / 2) / unit) \(name)"
            }
            unit *= 1000
        }
        return "\(bytes) B"
    }

    private static func date(_ time: CaptureTime, _ format: [DatePiece]) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return format.map { piece in
            switch piece {
            case .text(let text): text
            case .year: String(time.year)
            case .shortYear: two(time.year % 100)
            case .month: two(time.month)
            case .day: two(time.day)
            case .hour: two(time.hour)
            case .minute: two(time.minute)
            case .second: two(time.second)
            }
        }.joined()
    }
}
