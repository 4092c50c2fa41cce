import Layout
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

        /// Writes the entry as a JSON object, keys in the declared order.
        func write(to json: inout JSONText) {
            json.object(CodingKeys.self) { json, key in
                switch key {
                case .source: json.string(source)
                case .reason: json.string(reason)
                }
            }
        }
    }
}
