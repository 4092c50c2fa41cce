import Foundation

/// The committed fonts and caption goldens, found from this file's path so the tests need
/// no bundle resources and no system font.
enum Fixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // TextTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fixtures")

    static let dejaVuSans = root.appendingPathComponent("fonts/DejaVuSans.ttf").path
    static let captions = root.appendingPathComponent("captions")
}
