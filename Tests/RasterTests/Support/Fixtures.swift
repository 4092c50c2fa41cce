import Foundation

/// Where the committed fixtures live: Fixtures/raster at the package root, found from this
/// file's path so the tests need no bundle resources.
enum Fixtures {
    static let raster: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // RasterTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fixtures/raster")
}
