import TestSupport

/// `Fixtures/tiff/` and its Pillow goldens.
enum Fixture: FormatFixtures {
    static let folder = "tiff"
}
