import CColor
import ImageInput

/// An embedded ICC profile's, or HEIF nclx code points', conversion to sRGB, built once
/// with Little CMS.
///
/// The rendering intent is relative colorimetric with black-point compensation: colours
/// inside sRGB keep their exact appearance, those outside (a Display P3 red) are clipped
/// to the nearest sRGB colour, as browsers and libvips do. For the matrix-shaper profiles
/// phones and cameras embed, perceptual intent would give the same result, since such
/// profiles carry no perceptual tables. nclx code points become such a profile: their
/// primaries, white point and tone curve (see `NCLXColorSpace`).
///
/// One transform serves every thread: the C side builds it without Little CMS's
/// one-pixel cache, which is what makes concurrent use safe.
package final class ColorTransform: @unchecked Sendable {
    /// The profile's description, as the manifest records it: "Display P3", or for nclx
    /// "nclx: Display P3 (primaries 12, transfer 13)".
    package let profileDescription: String
    private let handle: OpaquePointer

    /// Reads `profile` and builds its transform to sRGB.
    ///
    /// - Throws: `ColorError` when Little CMS cannot read the profile or its colour space
    ///   is neither RGB nor grey.
    package init(profile: [UInt8]) throws(ColorError) {
        var info = ccolor_profile_info()
        handle = try Self.create { handle, message in
            profile.withUnsafeBufferPointer { bytes in
                ccolor_transform_create(bytes.baseAddress, bytes.count, &handle, &info, &message)
            }
        }
        profileDescription = withUnsafeBytes(of: info.description) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Builds the transform to sRGB of the RGB space `nclx` names, even when that is sRGB.
    ///
    /// - Throws: `ColorError.highDynamicRange` for PQ and HLG, `unsupportedColorSpace`
    ///   for code points naming no known RGB space.
    package convenience init(nclx: NCLXColor) throws(ColorError) {
        try self.init(space: NCLXColorSpace(nclx))
    }

    init(space: NCLXColorSpace) throws(ColorError) {
        var rgb = space.space
        handle = try Self.create { handle, message in ccolor_transform_create_rgb(&rgb, &handle, &message) }
        profileDescription = space.description
    }

    /// Runs one of the shim's create functions and turns its status into `ColorError`.
    private static func create(
        _ body: (inout OpaquePointer?, inout [CChar]) -> cimage_status
    ) throws(ColorError) -> OpaquePointer {
        var handle: OpaquePointer?
        var message = [CChar](repeating: 0, count: Int(CIMAGE_MESSAGE_CAPACITY))
        let status = body(&handle, &message)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == CIMAGE_OK, let handle else {
            switch status {
            case CIMAGE_ERROR_MEMORY: throw .outOfMemory
            case CIMAGE_ERROR_UNSUPPORTED: throw .unsupportedColorSpace(text)
            default: throw .unreadableProfile(text)
            }
        }
        return handle
    }

    deinit {
        ccolor_transform_destroy(handle)
    }

    /// Converts `count` rows of `width` straight RGBA pixels in place, `stride` bytes
    /// apart; alpha is kept.
    package func apply(to rows: UnsafeMutableRawBufferPointer, stride: Int, width: Int, count: Int) throws(ColorError) {
        precondition(stride >= width * 4 && (count == 0 || rows.count >= stride * (count - 1) + width * 4),
                     "rows too small for the pixels asked for")
        guard count > 0, width > 0, let base = rows.baseAddress else { return }
        let status = ccolor_transform_apply(
            handle, base.assumingMemoryBound(to: UInt8.self), stride, UInt32(width), UInt32(count))
        if status != CIMAGE_OK { throw .outOfMemory }
    }

    /// Converts a whole decoded image.
    package func apply(to image: inout RGBAImage) throws(ColorError) {
        let (width, height) = (image.width, image.height)
        let result = image.pixels.withUnsafeMutableBytes { rows in
            Result { () throws(ColorError) in try apply(to: rows, stride: width * 4, width: width, count: height) }
        }
        try result.get()
    }

    /// The Little CMS version, for the manifest's `libraries`: "2.14".
    package static let libraryVersion: String = {
        var buffer = [CChar](repeating: 0, count: 16)
        ccolor_library_version(&buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
