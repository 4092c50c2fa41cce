extension Command {
    /// One positional argument of a command, bound to a field of the command's `Value`.
    ///
    /// Positionals are filled in declaration order; a repeating one takes all that remain,
    /// so it must come last. Every positional is required: a single one must be given, a
    /// repeating one at least once.
    ///
    /// ```swift
    /// positionals: [.repeating(\.inputs, valueName: "INPUT", help: "PNG files and folders.")]
    /// positionals: [.single(\.before, valueName: "A", help: "…"), .single(\.after, valueName: "B", help: "…")]
    /// ```
    public struct Positional {
        /// The placeholder in usage and help: `INPUT`.
        public let valueName: String
        /// The one-line help.
        public let help: String
        /// Whether it takes every remaining argument.
        public let isRepeating: Bool
        /// What a valid value looks like, for error messages.
        public let expectation: String
        /// Parses one argument into the field; returns `false` when it is not valid.
        public let apply: (inout Value, String) -> Bool

        /// How usage and help show it: `INPUT...` when repeating, `INPUT` otherwise.
        public var usageName: String {
            isRepeating ? valueName + "..." : valueName
        }
    }
}

extension Command.Positional {
    /// A positional that takes exactly one argument.
    public static func single<T: ExpressibleByArgument>(
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

    /// A positional that takes every remaining argument, at least one, in order.
    public static func repeating<T: ExpressibleByArgument>(
        _ field: WritableKeyPath<Value, [T]>, valueName: String, help: String
    ) -> Self {
        Self(valueName: valueName, help: help, isRepeating: true, expectation: T.expectation) { target, text in
            guard let parsed = T(argument: text) else {
                return false
            }
            target[keyPath: field].append(parsed)
            return true
        }
    }
}
