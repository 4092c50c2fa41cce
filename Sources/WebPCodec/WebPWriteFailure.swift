import ImageInput

/// What can go wrong making a WebP file that no other format shares.
package enum WebPWriteFailure: FormatFailure {
    /// libwebp or its muxer failed at `stage` ("encoding", "adding the PBMF chunk"), in its own words.
    case library(stage: String, message: String)

    package var description: String {
        switch self {
        case .library(let stage, let message): "libwebp failed while \(stage): \(message)"
        }
    }
}
