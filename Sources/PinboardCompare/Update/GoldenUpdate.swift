/// One file of side A that an update wrote or removed: what the report lists per name.
public struct GoldenUpdate: Sendable, Hashable, Encodable {
    /// The name compared: the path below the folder, or the sheet's path.
    public let name: String
    public let action: Action
    /// A's file that was written or removed.
    public let path: String

    public init(name: String, action: Action, path: String) {
        self.name = name
        self.action = action
        self.path = path
    }
}
