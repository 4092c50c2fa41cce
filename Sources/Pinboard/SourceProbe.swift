#if canImport(Glibc)
import Glibc
#endif
import JPEGCodec
import PNGCodec

/// Reads a source's header with the decoder its signature asks for, and the file's SHA-256.
///
/// The file is opened once; PNG is tried first (the probe reads 33 bytes) and a file
/// that is not a PNG is tried as a JPEG, so a PNG named `.jpg` or a JPEG named `.png`
/// works, and a file that is neither says so once. The digest is taken from the same
/// descriptor, so it is of the very bytes whose header was read.
enum SourceProbe {
    /// - Parameter digesting: whether to read the whole file for its SHA-256; a caller that
    ///   needs only the size leaves it out (`sha256` is then nil).
    static func probe(_ source: Source, limits: DecodeLimits, digesting: Bool = true) -> Result<PlannedSource, SourceFailure> {
        let path = source.path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return .failure(SourceFailure(path: path, reason: CodecError.Reason.cannotOpen(errno: errno).description)) }
        defer { close(fd) }
        let format: PlannedSource.Format
        switch header(fileDescriptor: fd, path: path, limits: limits) {
        case .success(let found): format = found
        case .failure(let failure): return .failure(failure)
        }
        guard digesting else { return .success(PlannedSource(path: path, name: source.name, format: format)) }
        return FileDigest.sha256(fileDescriptor: fd, path: path).map { digest in
            PlannedSource(path: path, name: source.name, format: format, sha256: digest)
        }
    }

    private static func header(fileDescriptor fd: Int32, path: String, limits: DecodeLimits) -> Result<PlannedSource.Format, SourceFailure> {
        do {
            return .success(.png(try ImageHeader.probe(fileDescriptor: fd, path: path, limits: limits)))
        } catch where error.reason == .notPNG {
            do {
                return .success(.jpeg(try JPEGHeader.probe(fileDescriptor: fd, path: path, limits: limits)))
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
