/// A temporary folder with an empty `photos` folder in it: where the sheet and command-line
/// suites put their inputs, so the sheet, manifest and stray output land beside them.
package final class PhotoFolder: TemporaryFolder {
    /// The absolute path of the inputs' folder, `photos` below `path`.
    package var photos: String { path + "/photos" }

    package override init() throws {
        try super.init()
        try folders("photos")
    }
}
