extension Command {
    /// One positional argument of a command, bound to a field of the command's `Value`.
    ///
    /// Positionals are filled in declaration order; a repeating one takes all that remain,
    /// so it must come last. Every positional is required: a single one must be given, a
    /// repeating one at least once, unless it is declared `omittable` (its inputs can come
    /// from elsewhere, such as a list file; the command's `validate` then says when none is wrong).
    ///
    /// ```swift
    /// positionals: [.repeating(\.inputs, valueName: "INPUT", help: "PNG files and folders.")]
    /// positionals: [.single(\.before, valueName: "A", help: "…"), .single(\.after, valueName: "B", help: "…")]
    /// ```
    package struct Positional {
        /// The placeholder in usage and help: `INPUT`.
        package let valueName: String
        /// The one-line help.
        package let help: String
        /// Whether it takes every remaining argument.
        package let isRepeating: Bool
        /// What a valid value looks like, for error messages.
        package let expectation: String
        /// Parses one argument into the field; returns `false` when it is not valid.
        package let apply: (inout Value, String) -> Bool
        /// Whether a repeating positional may be given no times at all.
        package var isOmittable = false

        /// How usage and help show it: `INPUT...` when repeating, `INPUT` otherwise.
        package var usageName: String {
            isRepeating ? valueName + "..." : valueName
        }
    }
}

extension Command.Positional {
    /// A positional that takes exactly one argument.
    package static func single<T: ExpressibleByArgument>(
        _ field: WritableKeyPath<Value, T>, valueName: String, help: String
    ) -> Self {
        Self(valueName: valueName, help: help, isRepeating: false, expectation: T.expectation) { target, text in
            guard let parsed = T(argument: text) else {
                return false
            }
            target[keyPath: field] = parsed
            return true
        }
    }

    /// A positional that takes every remaining argument, in order: at least one, or any
    /// number when `omittable`.
    package static func repeating<T: ExpressibleByArgument>(
        _ field: WritableKeyPath<Value, [T]>, valueName: String, help: String, omittable: Bool = false
    ) -> Self {
        var positional = Self(valueName: valueName, help: help, isRepeating: true, expectation: T.expectation) { target, text in
            guard let parsed = T(argument: text) else {
                return false
            }
            target[keyPath: field].append(parsed)
            return true
        }
        positional.isOmittable = omittable
        return positional
    }
}
