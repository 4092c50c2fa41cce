/// A positive fraction of whole numbers, compared exactly: the aspect ratio from which a
/// source spans lanes.
///
/// It is kept as a numerator and a denominator, both from 1 to `2³¹ − 1`, so that a source
/// can be compared with it by two products and no rounding: a sheet is the same on every
/// machine only if the decision is.
public struct Ratio: Hashable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// - Throws: `LayoutError.invalidRatio` when either term is below 1 or above `2³¹ − 1`.
    public init(numerator: Int, denominator: Int) throws(LayoutError) {
        let allowed = 1...LayoutConfiguration.largestSetting
        guard allowed.contains(numerator), allowed.contains(denominator) else {
            throw .invalidRatio(numerator: numerator, denominator: denominator)
        }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Whether `across / along` is at least this ratio: `across · denominator ≥ numerator · along`.
    ///
    /// The products are taken at double width, so sources of any size compare exactly.
    func isReached(across: Int, along: Int) -> Bool {
        let left = across.multipliedFullWidth(by: denominator)
        let right = numerator.multipliedFullWidth(by: along)
        return (left.high, left.low) >= (right.high, right.low)
    }

    /// `numerator/denominator`, as the manifest and the messages write it: `3/2`.
    public var description: String { "\(numerator)/\(denominator)" }
}

extension Ratio: Codable {
    /// Reads `"numerator/denominator"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let terms = text.split(separator: "/", omittingEmptySubsequences: false)
        guard terms.count == 2, let numerator = Int(terms[0]), let denominator = Int(terms[1]) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a ratio n/d: \(text)")
        }
        do {
            try self.init(numerator: numerator, denominator: denominator)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
