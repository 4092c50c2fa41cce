import Pinboard

/// The sheet a reading error names, case by case: how the tests of reading sheets assert
/// the case and the path in one expectation, without the error's words.
extension PinboardError {
    /// The path of `.unreadableSheet`; nil for any other case.
    var unreadableSheetPath: String? {
        guard case .unreadableSheet(let path, _) = self else { return nil }
        return path
    }

    /// The path of `.badManifest`; nil for any other case.
    var badManifestPath: String? {
        guard case .badManifest(let path, _) = self else { return nil }
        return path
    }

    /// The path of `.noManifest`; nil for any other case.
    var noManifestPath: String? {
        guard case .noManifest(let path) = self else { return nil }
        return path
    }
}
