extension Manifest {
    /// A source that was left off the sheet, and why.
    public struct SkippedSource: Codable, Hashable, Sendable {
        /// The source's name, usually its path.
        public var source: String
        /// Why it was left out, in words for a person: "not a PNG", "truncated at byte 512".
        public var reason: String

        enum CodingKeys: String, CodingKey, CaseIterable {
            case source, reason
        }

        public init(source: String, reason: String) {
            self.source = source
            self.reason = reason
        }

        /// The entry as compact JSON, keys in the declared order.
        func jsonText() -> String {
            JSONText.object(CodingKeys.self) { key in
                switch key {
                case .source: JSONText.string(source)
                case .reason: JSONText.string(reason)
                }
            }
        }
    }
}
