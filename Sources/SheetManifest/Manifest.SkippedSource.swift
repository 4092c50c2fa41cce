import Layout
extension Manifest {
    /// A source that was left off the sheet, or whose tile has no pixels, and why: the one
    /// record of a failed source, thrown under `strict` and listed under `skipped`.
    public struct SkippedSource: Error, Codable, Hashable, Sendable, CustomStringConvertible {
        /// The source's name, usually its path.
        public var source: String
        /// Why it was left out; written as words for a person: "not a PNG", "truncated at byte 512".
        public var reason: SkipReason

        enum CodingKeys: String, CodingKey, CaseIterable {
            case source, reason
        }

        /// `source: reason`, as the terminal prints it.
        public var description: String { "\(source): \(reason)" }

        public init(source: String, reason: SkipReason) {
            self.source = source
            self.reason = reason
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = try container.decode(String.self, forKey: .source)
            reason = .recorded(try container.decode(String.self, forKey: .reason))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(source, forKey: .source)
            try container.encode(reason.description, forKey: .reason)
        }

        /// Writes the entry as a JSON object, keys in the declared order.
        func write(to json: inout JSONText) {
            json.object(CodingKeys.self) { json, key in
                switch key {
                case .source: json.string(source)
                case .reason: json.string(reason.description)
                }
            }
        }
    }
}
