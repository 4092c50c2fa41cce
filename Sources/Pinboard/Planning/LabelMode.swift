/// What the caption under each image says.
public enum LabelMode: Sendable, Hashable {
    /// The file's name, extension included.
    case name
    /// The file's name without its extension.
    case stem
    /// No caption and no caption line.
    case none
    /// Text with fields of the source (`{stem} {width}×{height}`).
    case template(LabelTemplate)

    /// The words that name the fixed modes, as `--label` takes them.
    public static let words = ["name", "stem", "none"]

    /// `name`, `stem`, `none`, or else a template (see `LabelTemplate`).
    ///
    /// - Throws: `LabelTemplate.ParseError` for text that is none of the words and no template.
    public init(parsing text: String) throws(LabelTemplate.ParseError) {
        switch text {
        case "name": self = .name
        case "stem": self = .stem
        case "none": self = .none
        default: self = .template(try LabelTemplate(parsing: text))
        }
    }

    /// How the command line and the manifest spell the mode: its word, or the template as written.
    public var spelling: String {
        switch self {
        case .name: "name"
        case .stem: "stem"
        case .none: "none"
        case .template(let template): template.description
        }
    }

    /// The caption for `source`, or `nil` for `.none`.
    func caption(for source: PlannedSource) -> String? {
        let name = Source.lastComponent(of: source.path)
        switch self {
        case .name: return name
        case .stem: return LabelTemplate.stem(of: name)
        case .none: return nil
        case .template(let template): return template.caption(for: source)
        }
    }
}
