import CFreeType
import Synchronization

/// A scalable font face loaded from a file, through FreeType.
///
/// A font keeps one FreeType face and lends it to one caption at a time, so a font can be
/// shared across the threads that compose bands; captions of one size in a row reuse the
/// face's size without setting it again.
///
/// ```swift
/// let font = try Font(path: Font.defaultPath ?? "DejaVuSans.ttf")
/// let height = try font.lineHeight(forPixelSize: 14)   // 17 for DejaVu Sans
/// ```
// The face is only touched while `lock` is held, which is what makes sharing it safe.
package final class Font: @unchecked Sendable {
    /// The FreeType version captions are drawn with, e.g. `2.12.1`.
    package static let freetypeVersion = String(cString: cft_library_version())

    /// The file the face was read from, as given.
    package let path: String
    private let lock = Mutex(())
    private var face: Face

    /// What FreeType needs kept between calls: the face and the size it is set to.
    private struct Face {
        let handle: OpaquePointer
        var pixelSize: Int?
    }

    /// The face's vertical metrics at one pixel size, in whole pixels.
    package struct Metrics: Hashable, Sendable {
        /// Rows above the baseline, the face's ascender rounded up.
        package let ascent: Int
        /// Rows below the baseline, the face's descender (a depth, ≥ 0) rounded up.
        package let descent: Int
        /// The caption line: `ascent + descent`.
        package var lineHeight: Int { ascent + descent }
    }

    /// Opens the face in `path` (the first face of a collection).
    ///
    /// - Throws: `TextError.cannotOpenFont` naming `path` when the file is missing,
    ///   unreadable, not a font, or a bitmap-only font that cannot scale.
    package init(path: String) throws(TextError) {
        var handle: OpaquePointer?
        let code = cft_face_open(path, &handle)
        guard code == 0, let handle else {
            throw .cannotOpenFont(path: path, code: code, reason: Font.message(code))
        }
        self.path = path
        face = Face(handle: handle, pixelSize: nil)
    }

    deinit {
        cft_face_destroy(face.handle)
    }

    /// The face's ascent and descent at `pixelSize` px per em.
    ///
    /// - Throws: `TextError.cannotSetSize` when the face refuses the size (under 1 px, or
    ///   one FreeType cannot scale to).
    package func metrics(forPixelSize pixelSize: Int) throws(TextError) -> Metrics {
        try withFace(pixelSize: pixelSize) { handle in
            var metrics = cft_metrics()
            cft_face_metrics(handle, &metrics)
            return Metrics(ascent: Font.wholePixels(metrics.ascender), descent: Font.wholePixels(-metrics.descender))
        }
    }

    /// The height of a caption line at `pixelSize`: the face's ascender and descender, each
    /// rounded up to whole pixels, and no extra leading.
    ///
    /// A caption is a single line, so the face's line gap would only add empty rows; the
    /// space between a tile and its caption is the layout's to choose. DejaVu Sans gives
    /// 15 px at 12 px and 17 px at 14 px; the ascender and descender already leave room for
    /// accents and descenders, and anything drawn beyond them is clipped to the line.
    ///
    /// - Throws: `TextError.cannotSetSize` as `metrics(forPixelSize:)` does.
    package func lineHeight(forPixelSize pixelSize: Int) throws(TextError) -> Int {
        try metrics(forPixelSize: pixelSize).lineHeight
    }

    /// Runs `body` with the face set to `pixelSize`, holding it for the whole call.
    func withFace<Value: Sendable>(
        pixelSize: Int, _ body: (OpaquePointer) throws(TextError) -> Value
    ) throws(TextError) -> Value {
        let path = path
        // The lock's closure rethrows untyped errors only, so the typed one rides in a Result.
        let outcome = lock.withLock { _ -> Result<Value, TextError> in
            if face.pixelSize != pixelSize {
                guard pixelSize > 0, pixelSize <= Int(UInt16.max) else {
                    return .failure(.cannotSetSize(path: path, pixelSize: pixelSize, code: 0x17, reason: Font.message(0x17)))
                }
                let code = cft_face_set_pixel_size(face.handle, UInt32(pixelSize))
                guard code == 0 else {
                    return .failure(.cannotSetSize(path: path, pixelSize: pixelSize, code: code, reason: Font.message(code)))
                }
                face.pixelSize = pixelSize
            }
            do throws(TextError) {
                return .success(try body(face.handle))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// FreeType's text for `code`.
    static func message(_ code: Int32) -> String {
        String(cString: cft_error_message(code))
    }

    /// A 26.6 fixed-point length rounded up to whole pixels.
    private static func wholePixels(_ value: Int) -> Int {
        (value + 63) >> 6
    }
}
