/// A temporary folder with an empty `photos` folder in it: where the sheet and command-line
/// suites put their inputs, so the sheet, manifest and stray output land beside them.
public final class PhotoFolder: TemporaryFolder {
    /// The absolute path of the inputs' folder, `photos` below `path`.
    public var photos: String { path + "/photos" }

    public override init() throws {
        try super.init()
        try folders("photos")
    }
}
