import ArgumentParsing
import PinboardCompare

/// What `--update=MODES` names, comma-separated: `changed`, `missing`, or `all` for both.
struct UpdateModes: Equatable, Sendable, ExpressibleByArgument {
    var modes: Set<UpdateMode>

    /// `--update` alone: Playwright's default, both.
    static let bare = UpdateModes(Set(UpdateMode.allCases))

    init(_ modes: Set<UpdateMode>) {
        self.modes = modes
    }

    init?(argument: String) {
        var modes: Set<UpdateMode> = []
        for word in argument.split(separator: ",", omittingEmptySubsequences: false) {
            if word == "all" {
                modes.formUnion(UpdateMode.allCases)
            } else if let mode = UpdateMode(rawValue: String(word)) {
                modes.insert(mode)
            } else {
                return nil
            }
        }
        self.modes = modes
    }

    static var expectation: String { "changed, missing or all, comma-separated" }

    static var allValueStrings: [String] { UpdateMode.allCases.map(\.rawValue) + ["all"] }

    var defaultValueDescription: String { UpdateMode.allCases.filter(modes.contains).map(\.rawValue).joined(separator: ",") }
}
