/// One pyramid tile cut from a level, ready to be written as `LEVEL/COLUMN_ROW.EXT`:
/// its pixels in the sheet's channel layout, `width` × `height`, no padding.
public struct PyramidTile: Sendable {
    public let level: Int
    public let column: Int
    public let row: Int
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
}
