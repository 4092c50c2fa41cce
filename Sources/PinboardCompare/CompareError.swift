import Pinboard

/// Why two sheets, images or folders could not be compared; each case names what was at
/// fault. Differences found are not errors: they are the `SheetComparison`.
public enum CompareError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The facade refused a sheet or an output, for its own reasons: a sheet missing, not a
    /// PNG or damaged, an embedded manifest unreadable or not fitting its sheet, an output
    /// that cannot be written or would overwrite an input.
    case sheet(PinboardError)
    /// An image of a folder compared could not be read, or the folder itself.
    case unreadableImage(path: String, reason: String)
    /// A file of ignored areas could not be read, or is not what `IgnoredArea` describes.
    case badIgnoreFile(path: String, reason: String)
    /// A setting of the `ComparisonOptions` is outside its `ComparisonSetting.bounds`: a
    /// threshold over 255, a share over 1, a negative budget.
    case outOfRange(ComparisonSetting, ComparisonSetting.Value)
    /// A settings file (`ComparisonConfig`) could not be read or is not what it describes.
    case badConfig(path: String, ConfigProblem)

    public var description: String {
        switch self {
        case .sheet(let error): error.description
        case .unreadableImage(let path, let reason): "\(path): cannot read the image: \(reason)"
        case .badIgnoreFile(let path, let reason): "\(path): cannot use the ignore file: \(reason)"
        case .badConfig(let path, let problem): "\(path): cannot use the settings file: \(problem)"
        case .outOfRange(let setting, let value):
            "\(setting.spelling) \(value.spellings.joined()) is out of range: it must be \(setting.expectation)"
        }
    }
}
