import ArgumentParsing

/// The options more than one command takes, declared once, so that `-o`, `-q` and `-w`
/// keep one name, value name and completion from command to command; each command still
/// says in its own help what its output is or what it keeps quiet about.
enum SharedOptions {
    /// What `-o` means for a command whose product is a sheet: `pinboard` and `pinboard demo`.
    static let sheetOutputHelp = "Where to write the sheet PNG; '-' writes it to stdout."

    /// `-o, --output FILE`, completed as a file name, into a field with a default path.
    static func output<Value>(_ field: WritableKeyPath<Value, String>, help: String = sheetOutputHelp) -> Command<Value>.Option {
        .option(field, long: "output", short: "o", valueName: "FILE", completion: .files, help: help)
    }

    /// `-o, --output FILE` into an optional field, for a command that writes a file only
    /// when asked to (`pinboard diff`).
    static func output<Value>(_ field: WritableKeyPath<Value, String?>, help: String) -> Command<Value>.Option {
        .option(field, long: "output", short: "o", valueName: "FILE", completion: .files, help: help)
    }

    /// `--NAME FILE` into an optional field, completed as a file name: a file a command
    /// reads or writes only when it is given.
    static func file<Value>(_ field: WritableKeyPath<Value, String?>, long: String, help: String) -> Command<Value>.Option {
        .option(field, long: long, valueName: "FILE", completion: .files, help: help)
    }

    /// `-q, --quiet`.
    static func quiet<Value>(_ field: WritableKeyPath<Value, Bool>, help: String) -> Command<Value>.Option {
        .flag(field, long: "quiet", short: "q", help: help)
    }

    /// `-w, --width PX`, the sheet's width, into a field with a default.
    static func width<Value>(_ field: WritableKeyPath<Value, Int>, help: String, bounds: PartialRangeFrom<Int>) -> Command<Value>.Option {
        .option(field, long: "width", short: "w", valueName: "PX", help: help, bounds: bounds)
    }

    /// `-w, --width PX` into an optional field, for a command whose width may follow from
    /// other settings when it is not given.
    static func width<Value>(_ field: WritableKeyPath<Value, Int?>, help: String, bounds: PartialRangeFrom<Int>) -> Command<Value>.Option {
        .option(field, long: "width", short: "w", valueName: "PX", help: help, bounds: bounds)
    }
}
