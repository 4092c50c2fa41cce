import TestSupport

/// `Fixtures/gif/` and its Pillow goldens.
enum Fixture: FormatFixtures {
    static let folder = "gif"

    /// The offset of the first image descriptor (0x2C) in a GIF's bytes, walking its blocks.
    static func firstImageDescriptor(_ bytes: [UInt8]) -> Int {
        var offset = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while bytes[offset] == 0x21 {
            offset += 2
            while bytes[offset] != 0 { offset += Int(bytes[offset]) + 1 }
            offset += 1
        }
        return offset
    }
}
