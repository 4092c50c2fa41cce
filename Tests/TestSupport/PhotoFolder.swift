/// A temporary folder with an empty `photos` folder in it: where the sheet and command-line
/// suites put their inputs, so the sheet, manifest and stray output land beside them.
package final class PhotoFolder: TemporaryFolder {
    /// The absolute path of the inputs' folder, `photos` below `path`.
    package var photos: String { path + "/photos" }

    package override init() throws {
        try super.init()
        try folders("photos")
    }

    /// The folder with the named solid fixtures (`red-40x30`) copied into `photos` as
    /// NAME.png, and the further empty folders named: the destination suites' set-up.
    package convenience init(solids: [String], folders extra: [String]) throws {
        try self.init()
        for name in solids { try Fixture.copy("solid/\(name).png", to: photos + "/\(name).png") }
        for name in extra { try folders(name) }
    }
}
