extension ComparisonSetting {
    /// A JSON key of the options, as a setting declares it.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ key: String) {
            stringValue = key
        }

        init?(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}
