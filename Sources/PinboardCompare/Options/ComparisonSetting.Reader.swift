import Differences
import Geometry

extension ComparisonSetting {
    /// How a settings file (`ComparisonConfig`) spells a setting's value, and what it
    /// expects, for the error that names the key when the value is not that.
    struct Reader<T: Sendable>: Sendable {
        /// What the value must be: "an integer", "true or false".
        let expected: String
        /// The value, or nil when the JSON is not one.
        let read: @Sendable (JSONValue) -> T?

        static var integer: Reader<Int> {
            Reader<Int>(expected: "an integer") { $0.integer }
        }

        static var optionalInteger: Reader<Int?> {
            Reader<Int?>(expected: "an integer") { $0.integer.map(Optional.some) }
        }

        static var optionalNumber: Reader<Double?> {
            Reader<Double?>(expected: "a number") { value in
                if case .number(let number) = value { number } else { nil }
            }
        }

        static var flag: Reader<Bool> {
            Reader<Bool>(expected: "true or false") { value in
                if case .bool(let on) = value { on } else { nil }
            }
        }

        /// One of an enumeration's words: `"checkerboard"`.
        static func word<Word: RawRepresentable & CaseIterable & Sendable>(_: Word.Type) -> Reader<Word> where Word.RawValue == String {
            Reader<Word>(expected: Word.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")) { value in
                if case .string(let word) = value { Word(rawValue: word) } else { nil }
            }
        }

        /// A list of `"X,Y,WxH"` (the rect in every image the settings judge) or
        /// `"NAME_OR_GLOB:X,Y,WxH"`, as `--ignore` spells an area.
        static var areas: Reader<[IgnoredArea]> {
            Reader<[IgnoredArea]>(expected: "a list of \"X,Y,WxH\" or \"NAME_OR_GLOB:X,Y,WxH\"") { value in
                guard case .array(let items) = value else { return nil }
                var areas: [IgnoredArea] = []
                for item in items {
                    guard case .string(let text) = item,
                          let area = IgnoredArea(argument: text.contains(":") ? text : "*:" + text) else { return nil }
                    areas.append(area)
                }
                return areas
            }
        }

        /// A list of the kinds `--fail-on` names: `["changed", "added"]`.
        static var kinds: Reader<Set<ChangeKind>> {
            Reader<Set<ChangeKind>>(
                expected: "a list of " + ChangeKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            ) { value in
                guard case .array(let items) = value else { return nil }
                var kinds: Set<ChangeKind> = []
                for item in items {
                    guard case .string(let word) = item, let kind = ChangeKind(rawValue: word) else { return nil }
                    kinds.insert(kind)
                }
                return kinds
            }
        }
    }
}
