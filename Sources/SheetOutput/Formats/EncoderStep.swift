import ColorManagement
import ImageInput
import PinboardIO

/// Runs one step of a codec's writer for a sink, its `ImageError` as the output's
/// `WriteError`: a failed write keeps its `errno` (`.system`), so a full disk reads the
/// same from every format; anything else is the encoder's, in its words.
enum EncoderStep {
    static func run<Value>(for name: String, _ step: () throws(ImageError) -> Value) throws(WriteError) -> Value {
        do {
            return try step()
        } catch {
            if case .writeFailed(let code) = error.reason { throw WriteError(path: name, reason: .system(errno: code)) }
            throw WriteError(path: name, reason: .encoder(error.reason.description))
        }
    }

    /// The sRGB profile a sink embeds, or why Little CMS could not make it.
    static func srgbProfile(for name: String) throws(WriteError) -> [UInt8] {
        do {
            return try SRGBProfile.bytes()
        } catch {
            throw WriteError(path: name, reason: .encoder(error.description))
        }
    }
}
