import CColor

/// The ICC profile pinboard's sheets embed to say their samples are sRGB: Little CMS's
/// own (`cmsCreate_sRGBProfile`), serialised once per process, so a JPEG and a TIFF
/// written by the same build carry the same bytes.
package enum SRGBProfile {
    /// Made on first use; Swift's lazy `static let` makes that safe from any thread.
    private static let made: Result<[UInt8], ColorError> = {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(CIMAGE_MESSAGE_CAPACITY))
        let status = ccolor_srgb_profile(&bytes, &length, &message)
        defer { ccolor_bytes_free(bytes) }
        guard status == CIMAGE_OK, let bytes else {
            if status == CIMAGE_ERROR_MEMORY { return .failure(.outOfMemory) }
            return .failure(.unreadableProfile(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(Array(UnsafeBufferPointer(start: bytes, count: length)))
    }()

    /// The profile's bytes.
    ///
    /// - Throws: `ColorError` when Little CMS could not make or serialise it (out of memory).
    package static func bytes() throws(ColorError) -> [UInt8] {
        try made.get()
    }
}
