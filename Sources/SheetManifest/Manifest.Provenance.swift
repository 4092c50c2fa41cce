import Layout
extension Manifest {
    /// Where a source came from and how it was read, beyond its path: what the facade knows
    /// of each file and the layout does not.
    public struct Provenance: Hashable, Sendable {
        /// The pairing name (`Item.name`).
        public var name: String?
        /// The file's SHA-256 (`Item.sha256`).
        public var sha256: String?
        /// The format it was read as (`Item.format`).
        public var format: String?
        /// The colour profile converted from (`Item.colorProfile`).
        public var colorProfile: String?

        public init(name: String? = nil, sha256: String? = nil, format: String? = nil, colorProfile: String? = nil) {
            self.name = name
            self.sha256 = sha256
            self.format = format
            self.colorProfile = colorProfile
        }
    }
}
