/// A width and a height in pixels: a source's dimensions, or a sheet's.
public struct Size: Codable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
    }

    /// `width×height`, the way the messages and docs write sizes.
    public var description: String { "\(width)×\(height)" }
}
