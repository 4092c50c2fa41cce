#if canImport(Glibc)
import SheetManifest
import Glibc
#endif
import ColorManagement
import ImageFormats
import ImageInput

/// Reads a source's header with the format its content names, the file's size and
/// modification time, and its SHA-256.
///
/// The file is opened once: the registry recognises it by its first bytes (so a PNG
/// named `.jpg` works, and a file of another kind is named for what it is), the format
/// probes its header, and the digest is taken from the same descriptor, so it is of
/// the very bytes whose header was read.
enum SourceProbe {
    /// - Parameters:
    ///   - digesting: whether to read the whole file for its SHA-256; a caller that needs
    ///     only the size leaves it out (`sha256` is then nil).
    ///   - colors: where an embedded profile's conversion is found (built once per profile);
    ///     nil when colours are not converted.
    static func probe(
        _ source: Source, limits: DecodeLimits, digesting: Bool = true, colors: ColorTransformCache? = nil
    ) -> Result<PlannedSource, Manifest.SkippedSource> {
        let path = source.path
        let fd = open(source.location, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return .failure(Manifest.SkippedSource(source: path, reason: .image(.cannotOpen(errno: errno)))) }
        defer { close(fd) }
        let info: ImageInfo
        do {
            info = try ImageRegistry.pinboard.probe(FileBytes(fileDescriptor: fd), path: path, limits: limits)
        } catch {
            return .failure(Manifest.SkippedSource(source: path, reason: .image(error.reason)))
        }
        let profile = info.color.flatMap { colors?.conversion(for: $0).recordedProfile }
        var status = stat()
        let file = fstat(fd, &status) == 0
            ? PlannedSource.FileFacts(
                size: Int(status.st_size), modified: CaptureTime(secondsSinceEpoch: Int(status.st_mtim.tv_sec)),
                modifiedNanoseconds: Int(status.st_mtim.tv_nsec))
            : nil
        guard digesting else {
            return .success(PlannedSource(
                path: path, name: source.name, location: source.location, format: .image(info), colorProfile: profile, file: file))
        }
        return FileDigest.sha256(fileDescriptor: fd, path: path).map { digest in
            PlannedSource(
                path: path, name: source.name, location: source.location, format: .image(info), sha256: digest,
                colorProfile: profile, file: file)
        }
    }
}
