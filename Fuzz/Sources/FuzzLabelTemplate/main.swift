import FuzzSupport
import Pinboard

/// `--label` templates: braces unbalanced, doubled or nested, unknown fields, `{taken:…}`
/// formats with every `%` conversion. A template that parses must parse again from the
/// text it keeps, to the same template.
@main
enum Target {
    static func main() {
        FuzzMain.run { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let template = try? LabelTemplate(parsing: text) else { return }
            guard let again = try? LabelTemplate(parsing: template.description), again == template else {
                fatalError("fuzz: the template \(text.debugDescription) does not parse again from its own text")
            }
        }
    }
}
