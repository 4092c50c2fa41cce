extension Command {
    /// One named option or flag of a command, bound to a field of the command's `Value`.
    ///
    /// Declare options with the static factories, which read like the help they produce:
    ///
    /// ```swift
    /// .option(\.padding, long: "padding", short: "p", valueName: "PX",
    ///         help: "Gutter between tiles, in pixels.", bounds: 0...)
    /// .flag(\.recursive, long: "recursive", help: "Also scan subfolders.")
    /// ```
    ///
    /// An option given twice keeps its last value, so a later argument can override one
    /// set earlier (by a shell alias, say); a flag given twice is simply set.
    package struct Option {
        /// What the option does with what follows its name.
        package enum Kind {
            /// A flag: sets its field, takes no value.
            case flag((inout Value) -> Void)
            /// An option with a value: `apply` parses the value into the field and
            /// returns `false` when it is not valid; `completion` is what a shell offers.
            case value(name: String, expectation: String, allowedValues: [String], completion: ValueCompletion,
                       apply: (inout Value, String) -> Bool)
            /// A flag that may carry a value after `=` (`--update` or `--update=missing`):
            /// alone it applies `nil`; it never takes the next argument, which stays a
            /// positional. `apply` returns `false` for a value that is not valid.
            case optionalValue(name: String, expectation: String, allowedValues: [String], apply: (inout Value, String?) -> Bool)
        }

        /// The long name, without dashes: `output` for `--output`.
        package let long: String
        /// The one-letter name, if any: `o` for `-o`.
        package let short: Character?
        /// The one-line help.
        package let help: String
        package let kind: Kind
        /// The default as `--help` shows it, read from the command's defaults, or `nil`
        /// to show none.
        package let defaultDescription: (Value) -> String?

        /// The long spelling, as messages name the option: `--output`.
        package var longSpelling: String { "--" + long }

        /// Whether a value follows the option's name.
        package var takesValue: Bool {
            if case .value = kind { true } else { false }
        }
    }
}

extension Command.Option {
    /// A flag that sets a `Bool` field to `true`.
    package static func flag(
        _ field: WritableKeyPath<Value, Bool>, long: String, short: Character? = nil, help: String
    ) -> Self {
        Self(long: long, short: short, help: help, kind: .flag { $0[keyPath: field] = true },
             defaultDescription: { _ in nil })
    }

    /// A flag that may be given a value as `--name=VALUE`, parsed as `T`: alone it sets the
    /// field to `bare`; `--help` shows it as `--name[=VALUE]` and no default.
    package static func option<T: ExpressibleByArgument>(
        _ field: WritableKeyPath<Value, T?>, long: String, valueName: String, bare: T, help: String
    ) -> Self {
        Self(long: long, short: nil, help: help,
             kind: .optionalValue(name: valueName, expectation: T.expectation, allowedValues: T.allValueStrings) { value, text in
                 guard let text else {
                     value[keyPath: field] = bare
                     return true
                 }
                 guard let parsed = T(argument: text) else { return false }
                 value[keyPath: field] = parsed
                 return true
             },
             defaultDescription: { _ in nil })
    }

    /// An option whose value parses as `T`; `--help` shows the field's default value.
    ///
    /// - Parameters:
    ///   - valueName: The placeholder in `--help`, such as `FILE`; when `nil`, the type's
    ///     values joined with `|`, such as `vertical|horizontal`.
    ///   - completion: What a shell offers for the value, when the type does not list its
    ///     values itself (an enumeration's values are always offered).
    package static func option<T: ExpressibleByArgument>(
        _ field: WritableKeyPath<Value, T>, long: String, short: Character? = nil,
        valueName: String? = nil, completion: ValueCompletion = .freeText, help: String
    ) -> Self {
        value(long: long, short: short, valueName: valueName, completion: completion, help: help, type: T.self,
              expectation: T.expectation, isValid: { _ in true },
              assign: { $0[keyPath: field] = $1 },
              defaultDescription: { $0[keyPath: field].defaultValueDescription })
    }

    /// An option whose value parses as `T` into an optional field, which stays `nil`
    /// when the option is not given; `--help` shows no default.
    package static func option<T: ExpressibleByArgument>(
        _ field: WritableKeyPath<Value, T?>, long: String, short: Character? = nil,
        valueName: String? = nil, completion: ValueCompletion = .freeText, help: String
    ) -> Self {
        value(long: long, short: short, valueName: valueName, completion: completion, help: help, type: T.self,
              expectation: T.expectation, isValid: { _ in true },
              assign: { $0[keyPath: field] = $1 }, defaultDescription: { _ in nil })
    }

    /// An integer option that accepts only values in `bounds`; `--help` shows the field's
    /// default value, or `defaultDescription` instead when the value is worked out elsewhere.
    package static func option(
        _ field: WritableKeyPath<Value, Int>, long: String, short: Character? = nil,
        valueName: String, help: String, bounds: ClosedRange<Int>, defaultDescription: String? = nil
    ) -> Self {
        value(long: long, short: short, valueName: valueName, completion: .freeText, help: help, type: Int.self,
              expectation: expectation(bounds), isValid: bounds.contains,
              assign: { $0[keyPath: field] = $1 },
              defaultDescription: { defaultDescription ?? $0[keyPath: field].defaultValueDescription })
    }

    /// An integer option with a lower bound only, such as `1...` for a count.
    package static func option(
        _ field: WritableKeyPath<Value, Int>, long: String, short: Character? = nil,
        valueName: String, help: String, bounds: PartialRangeFrom<Int>, defaultDescription: String? = nil
    ) -> Self {
        option(field, long: long, short: short, valueName: valueName, help: help,
               bounds: bounds.lowerBound...Int.max, defaultDescription: defaultDescription)
    }

    /// An integer option with a lower bound only, into an optional field that stays `nil`
    /// when the option is not given; `--help` shows no default.
    package static func option(
        _ field: WritableKeyPath<Value, Int?>, long: String, short: Character? = nil,
        valueName: String, help: String, bounds: PartialRangeFrom<Int>
    ) -> Self {
        let bounds = bounds.lowerBound...Int.max
        return value(long: long, short: short, valueName: valueName, completion: .freeText, help: help, type: Int.self,
                     expectation: expectation(bounds), isValid: bounds.contains,
                     assign: { $0[keyPath: field] = $1 }, defaultDescription: { _ in nil })
    }

    /// An option that may be given many times, each value parsed as `T` and appended to an
    /// array field in order; `--help` shows no default.
    package static func option<T: ExpressibleByArgument>(
        _ field: WritableKeyPath<Value, [T]>, long: String, short: Character? = nil,
        valueName: String, completion: ValueCompletion = .freeText, help: String
    ) -> Self {
        value(long: long, short: short, valueName: valueName, completion: completion, help: help, type: T.self,
              expectation: T.expectation, isValid: { _ in true },
              assign: { $0[keyPath: field].append($1) }, defaultDescription: { _ in nil })
    }

    /// A decimal option that accepts only values in `bounds`, into an optional field that
    /// stays `nil` when the option is not given; `--help` shows no default.
    package static func option(
        _ field: WritableKeyPath<Value, Double?>, long: String, short: Character? = nil,
        valueName: String, help: String, bounds: ClosedRange<Double>
    ) -> Self {
        value(long: long, short: short, valueName: valueName, completion: .freeText, help: help, type: Double.self,
              expectation: "a number from \(bounds.lowerBound.defaultValueDescription) to \(bounds.upperBound.defaultValueDescription)",
              isValid: bounds.contains, assign: { $0[keyPath: field] = $1 }, defaultDescription: { _ in nil })
    }

    /// The one place that turns a parsed, checked value into an assignment.
    private static func value<T: ExpressibleByArgument>(
        long: String, short: Character?, valueName: String?, completion: ValueCompletion, help: String, type: T.Type,
        expectation: String, isValid: @escaping (T) -> Bool,
        assign: @escaping (inout Value, T) -> Void,
        defaultDescription: @escaping (Value) -> String?
    ) -> Self {
        let name = valueName ?? (T.allValueStrings.isEmpty ? "VALUE" : T.allValueStrings.joined(separator: "|"))
        let offered = T.allValueStrings.isEmpty ? completion : .values(T.allValueStrings)
        let kind = Kind.value(name: name, expectation: expectation, allowedValues: T.allValueStrings,
                              completion: offered) { target, text in
            guard let parsed = T(argument: text), isValid(parsed) else {
                return false
            }
            assign(&target, parsed)
            return true
        }
        return Self(long: long, short: short, help: help, kind: kind, defaultDescription: defaultDescription)
    }

    /// "an integer from 0 to 9", or "an integer of at least 1" when there is no real top.
    private static func expectation(_ bounds: ClosedRange<Int>) -> String {
        bounds.upperBound == .max
            ? "an integer of at least \(bounds.lowerBound)"
            : "an integer from \(bounds.lowerBound) to \(bounds.upperBound)"
    }
}

extension Command.Option {
    /// The option, also running `note` each time it is given and its value is valid: how a
    /// command tells an option given at its default from one not given at all (a setting
    /// given on the command line overrides a settings file's, even at its default value).
    package func noting(_ note: @escaping (inout Value) -> Void) -> Self {
        let noted: Kind = switch kind {
        case .flag(let set):
            .flag { value in
                set(&value)
                note(&value)
            }
        case .value(let name, let expectation, let allowedValues, let completion, let apply):
            .value(name: name, expectation: expectation, allowedValues: allowedValues, completion: completion) { value, text in
                guard apply(&value, text) else { return false }
                note(&value)
                return true
            }
        case .optionalValue(let name, let expectation, let allowedValues, let apply):
            .optionalValue(name: name, expectation: expectation, allowedValues: allowedValues) { value, text in
                guard apply(&value, text) else { return false }
                note(&value)
                return true
            }
        }
        return Self(long: long, short: short, help: help, kind: noted, defaultDescription: defaultDescription)
    }
}
