#if canImport(Glibc)
import Glibc
#endif

/// One file per fuzzing process that each input is written to, for the readers that take
/// a path: pinboard reads files through descriptors and callbacks, and that path is the
/// one fuzzed. The process id keeps `-jobs` and `-fork` workers apart.
public struct ScratchFile: Sendable {
    public let path: String

    /// A file in `$TMPDIR` (or /tmp) named after the process and `name`.
    public init(_ name: String) {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        path = "\(folder)/pinboard-fuzz-\(getpid())-\(name)"
    }

    /// Replaces the file's content with `bytes`. A failure stops the run: every later
    /// input would be read from a stale file.
    public func write(_ bytes: some Collection<UInt8>) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("fuzz: cannot create \(path) (errno \(errno))") }
        defer { close(fd) }
        let written = Array(bytes).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { fatalError("fuzz: cannot write \(path) (errno \(errno))") }
    }
}
