#if canImport(Glibc)
import Glibc
#endif
import JPEGCodec
import PNGCodec

/// Reads a source's header with the decoder its signature asks for.
///
/// The file is opened once; PNG is tried first (the probe reads 33 bytes) and a file
/// that is not a PNG is tried as a JPEG, so a PNG named `.jpg` or a JPEG named `.png`
/// works, and a file that is neither says so once.
enum SourceProbe {
    static func probe(path: String, limits: DecodeLimits) -> Result<PlannedSource, SourceFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return .failure(SourceFailure(path: path, reason: CodecError.Reason.cannotOpen(errno: errno).description)) }
        defer { close(fd) }
        do {
            return .success(PlannedSource(path: path, format: .png(try ImageHeader.probe(fileDescriptor: fd, path: path, limits: limits))))
        } catch where error.reason == .notPNG {
            do {
                return .success(PlannedSource(path: path, format: .jpeg(try JPEGHeader.probe(fileDescriptor: fd, path: path, limits: limits))))
            } catch where error.reason == .notJPEG {
                return .failure(SourceFailure(path: path, reason: "neither a PNG nor a JPEG file (signature does not match)"))
            } catch {
                return .failure(SourceFailure(path: path, reason: error.reason.description))
            }
        } catch {
            return .failure(SourceFailure(path: path, reason: error.reason.description))
        }
    }
}
