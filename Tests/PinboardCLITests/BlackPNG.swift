import Foundation

/// A black PNG of any size, written by hand in a fraction of a second: 1-bit greyscale,
/// so its image data (a filter byte and all-zero pixels on every row) is one run of zero
/// bytes, which deflate's fixed codes spell as a literal 0 and then copies of 258 bytes
/// from 1 back.
///
/// A 20000×16000 image, over the default pixel limit, is 40 MB of image data in 250 KB of
/// file; zlib or `PNGWriter` would spend seconds of a debug build deflating it.
enum BlackPNG {
    static func write(to path: String, width: Int, height: Int) throws {
        let dataCount = height * (1 + (width + 7) / 8)
        var stream = DeflateBits()
        stream.append(1, bits: 1)  // the final block
        stream.append(1, bits: 2)  // of fixed codes
        stream.appendCode(0b0011_0000, length: 8)  // literal 0
        let copies = (dataCount - 1) / 258
        for _ in 0..<copies {
            stream.appendCode(0b1100_0101, length: 8)  // length 258 (code 285)
            stream.appendCode(0, length: 5)  // distance 1 (code 0)
        }
        for _ in 0..<(dataCount - 1 - copies * 258) {
            stream.appendCode(0b0011_0000, length: 8)
        }
        stream.appendCode(0, length: 7)  // end of block (code 256)
        // Adler-32 of zero bytes: its sum stays 1 and its sum of sums grows by 1 a byte.
        let adler = UInt32(dataCount % 65521) << 16 | 1
        let zlib = [0x78, 0x01] + stream.bytes + bigEndian(adler)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [1, 0, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        try Data(png).write(to: URL(fileURLWithPath: path))
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// PNG's CRC-32, bit by bit: the chunks are small enough.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    /// Deflate's bit order: fields from their least significant bit, Huffman codes from
    /// their most significant, both filling each byte from its lowest bit.
    private struct DeflateBits {
        private(set) var bytes: [UInt8] = []
        private var used = 8

        mutating func append(_ value: UInt32, bits: Int) {
            for bit in 0..<bits {
                appendBit(UInt8(truncatingIfNeeded: value >> bit) & 1)
            }
        }

        mutating func appendCode(_ code: UInt32, length: Int) {
            for bit in (0..<length).reversed() {
                appendBit(UInt8(truncatingIfNeeded: code >> bit) & 1)
            }
        }

        private mutating func appendBit(_ bit: UInt8) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= bit << used
            used += 1
        }
    }
}
