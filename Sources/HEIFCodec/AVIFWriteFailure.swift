import ImageInput

/// What can go wrong making an AVIF file that no other format shares.
package enum AVIFWriteFailure: FormatFailure {
    /// This libheif has no AV1 encoder (built without aom or rav1e).
    case noEncoder(message: String)
    /// libheif failed; its message starts with the stage ("encoding: …").
    case library(message: String)

    package var description: String {
        switch self {
        case .noEncoder(let message): "libheif cannot encode AV1: \(message)"
        case .library(let message): "libheif failed while \(message)"
        }
    }
}
