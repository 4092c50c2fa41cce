import ImageInput

/// What a GIF says about its first frame before the frame's pixels: the logical screen,
/// where the frame sits in it, and whether anything of it is transparent.
///
/// The probe reads the logical screen descriptor and walks the blocks up to the first
/// image descriptor, skipping the global palette and every extension's data: usually
/// one 4 KiB read. The canvas is the logical screen grown to hold the first frame, as
/// browsers and Pillow show a frame that overhangs its screen (some encoders write a
/// 0×0 screen).
package struct GIFHeader: FormatHeader, Sendable, Hashable {
    /// The logical screen descriptor's size.
    package let screenWidth: Int
    package let screenHeight: Int
    /// The canvas delivered: the screen grown to hold the first frame.
    package let width: Int
    package let height: Int
    /// The first frame's place and size on the canvas.
    package let frameLeft: Int
    package let frameTop: Int
    package let frameWidth: Int
    package let frameHeight: Int
    package let isInterlaced: Bool
    package let hasLocalPalette: Bool
    /// The palette index the last graphic control extension before the frame makes transparent.
    package let transparentIndex: Int?

    package init(screenWidth: Int, screenHeight: Int, frameLeft: Int, frameTop: Int, frameWidth: Int, frameHeight: Int,
                isInterlaced: Bool, hasLocalPalette: Bool, transparentIndex: Int?) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.width = max(screenWidth, frameLeft + frameWidth)
        self.height = max(screenHeight, frameTop + frameHeight)
        self.frameLeft = frameLeft
        self.frameTop = frameTop
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.isInterlaced = isInterlaced
        self.hasLocalPalette = hasLocalPalette
        self.transparentIndex = transparentIndex
    }

    /// Whether the decoded canvas can hold transparent pixels: a transparent index, or
    /// screen the first frame does not cover.
    package var hasAlpha: Bool {
        transparentIndex != nil || frameLeft > 0 || frameTop > 0 || frameWidth < width || frameHeight < height
    }

    private static let signatures = [Array("GIF87a".utf8), Array("GIF89a".utf8)]
    private static let beforeImage = "reading the blocks before the first image"

    /// `GIF87a` or `GIF89a`.
    package static let signatureLength = 6

    /// What the registry needs: the canvas and whether it can be transparent; GIF has no
    /// orientation and no colour profile pinboard reads.
    package func imageInfo(format: String) -> ImageInfo {
        ImageInfo(format: format, width: width, height: height, hasAlpha: hasAlpha)
    }

    /// Whether data starts like a GIF (`GIF87a` or `GIF89a`), whatever the file's name.
    package static func looksLike(firstBytes: some Collection<UInt8>) -> Bool {
        signatures.contains { firstBytes.prefix(6).elementsEqual($0) }
    }

    /// Reads the header from the start of `source`, up to the first image descriptor;
    /// `path` names it in errors.
    ///
    /// - Throws: `ImageError` when the data is empty, not a GIF, ends or breaks before
    ///   the first image descriptor, or its canvas is empty or over `limits`.
    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits = .default) throws(ImageError) -> GIFHeader {
        try ImageError.naming(path) { () throws(ImageError.Reason) in
            var window = ByteWindow(source: source)
            return try walk(&window, limits: limits)
        }
    }

    private static func walk(_ window: inout ByteWindow<some ByteSource>, limits: DecodeLimits) throws(ImageError.Reason) -> GIFHeader {
        let start = try window.bytes(at: 0, count: 13)
        if start.isEmpty { throw .emptyFile }
        if !looksLike(firstBytes: start) {
            let cut = start.count < 6 && signatures.contains { $0.starts(with: start) }
            throw cut ? .truncated(while: "reading the signature")
                : .signatureMismatch(expected: GIFFormat.name, signature: "does not start with GIF87a or GIF89a")
        }
        guard start.count == 13 else { throw .truncated(while: "reading the logical screen descriptor") }
        let flags = start[10]
        var offset = 13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
        var transparentIndex: Int?
        while true {
            guard let introducer = try window.byte(at: offset) else { throw .truncated(while: beforeImage) }
            switch introducer {
            case 0x2C:
                let descriptor = try window.bytes(at: offset + 1, count: 9)
                guard descriptor.count == 9 else { throw .truncated(while: "reading the first image descriptor") }
                let header = GIFHeader(
                    screenWidth: littleEndian(start, at: 6), screenHeight: littleEndian(start, at: 8),
                    frameLeft: littleEndian(descriptor, at: 0), frameTop: littleEndian(descriptor, at: 2),
                    frameWidth: littleEndian(descriptor, at: 4), frameHeight: littleEndian(descriptor, at: 6),
                    isInterlaced: descriptor[8] & 0x40 != 0, hasLocalPalette: descriptor[8] & 0x80 != 0,
                    transparentIndex: transparentIndex
                )
                try header.check(limits)
                return header
            case 0x21:
                guard let label = try window.byte(at: offset + 1) else { throw .truncated(while: beforeImage) }
                offset += 2
                var isFirstBlock = true
                while true {
                    guard let length = try window.byte(at: offset) else { throw .truncated(while: beforeImage) }
                    if length == 0 { break }
                    // giflib takes a graphic control block only at its exact length of 4.
                    if label == 0xF9 && isFirstBlock && length == 4 {
                        let block = try window.bytes(at: offset + 1, count: 4)
                        guard block.count == 4 else { throw .truncated(while: beforeImage) }
                        transparentIndex = block[0] & 1 != 0 ? Int(block[3]) : nil
                    }
                    isFirstBlock = false
                    offset += 1 + Int(length)
                }
                offset += 1
            case 0x3B:
                throw .corrupt(format: GIFFormat.name, message: "the trailer comes before any image")
            default:
                throw .corrupt(format: GIFFormat.name, message: "unknown block type \(hex(introducer)) at byte \(offset)")
            }
        }
    }

    private func check(_ limits: DecodeLimits) throws(ImageError.Reason) {
        if width == 0 || height == 0 {
            throw .invalidDimensions(width: UInt64(width), height: UInt64(height), maximumSide: 65535)
        }
        if UInt64(width) * UInt64(height) > limits.maxPixels {
            throw .tooManyPixels(width: UInt64(width), height: UInt64(height), limit: limits.maxPixels)
        }
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }
}
