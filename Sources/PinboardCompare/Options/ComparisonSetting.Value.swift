extension ComparisonSetting {
    /// A setting's value, by what it is: what decides how each report shows it.
    public enum Value: Sendable, Hashable {
        /// A number always shown: the threshold.
        case level(Int)
        /// A count shown when set: the pixel budget.
        case budget(Int?)
        /// A share shown when set: the colour threshold, the ratio budget.
        case share(Double?)
        /// A switch shown when on.
        case flag(Bool)
        /// Ignored areas, one field each.
        case areas([IgnoredArea])
        /// The kinds that fail, shown when not all of them.
        case kinds(Set<ChangeKind>)
        /// One of a few words, shown when it is not the default: the alpha background.
        case word(String, isDefault: Bool)

        /// The value as the command line spells it, one string per report field; empty when
        /// it is left where it is not shown.
        var spellings: [String] {
            switch self {
            case .level(let number): [String(number)]
            case .budget(let number): number.map { [String($0)] } ?? []
            case .share(let share): share.map { ["\($0)"] } ?? []
            case .flag(let on): on ? ["yes"] : []
            case .areas(let areas): areas.map(\.spelling)
            case .kinds(let kinds): kinds == Set(ChangeKind.allCases) ? [] : [ChangeKind.spelling(kinds)]
            case .word(let word, let isDefault): isDefault ? [] : [word]
            }
        }

        /// The value as a number, for its bounds; nil for what is not a number or not set.
        var number: Double? {
            switch self {
            case .level(let number): Double(number)
            case .budget(let number): number.map(Double.init)
            case .share(let share): share
            case .flag, .areas, .kinds, .word: nil
            }
        }

        /// Encodes the value under `key`: numbers and switches always, an unset number not
        /// at all, the kinds as their names in their declared order.
        func encode(to container: inout KeyedEncodingContainer<Key>, as key: String) throws {
            let key = Key(key)
            switch self {
            case .level(let number): try container.encode(number, forKey: key)
            case .budget(let number): try container.encodeIfPresent(number, forKey: key)
            case .share(let share): try container.encodeIfPresent(share, forKey: key)
            case .flag(let on): try container.encode(on, forKey: key)
            case .areas(let areas): try container.encode(areas, forKey: key)
            case .kinds(let kinds): try container.encode(ChangeKind.allCases.filter(kinds.contains), forKey: key)
            case .word(let word, _): try container.encode(word, forKey: key)
            }
        }
    }
}
