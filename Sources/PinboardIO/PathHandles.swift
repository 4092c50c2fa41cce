import Foundation

/// The `O_PATH` handles that name files whose paths are not UTF-8 (see
/// `FileSystem.location(of:)`), one per path, kept for the life of the process.
final class PathHandles: @unchecked Sendable {
    static let shared = PathHandles()

    /// `O_PATH`, which Glibc's Swift module leaves out (it needs `_GNU_SOURCE`); the value
    /// is the same on every architecture Swift runs Linux on.
    private static let pathOnly: Int32 = 0o10000000

    private let lock = NSLock()
    private var locations: [[UInt8]: String] = [:]

    /// `/proc/self/fd/N` for a handle on the file at the path of these bytes.
    func location(of path: [UInt8]) throws(SourceProblem) -> String {
        let found: Result<String, SourceProblem> = lock.withLock {
            if let location = locations[path] {
                return .success(location)
            }
            if locations.isEmpty { Self.raiseDescriptorLimit() }
            let fd = FileSystem.withCString(path) { open($0, Self.pathOnly | O_CLOEXEC) }
            guard fd >= 0 else {
                let problem = SourceProblem(path: PathSpelling.spelling(of: path), reason: .unreadable(FileSystem.systemMessage()))
                return .failure(problem)
            }
            let location = "/proc/self/fd/\(fd)"
            locations[path] = location
            return .success(location)
        }
        return try found.get()
    }

    /// Lifts the soft limit on open descriptors to the hard one, as far as the system
    /// allows: each handle holds a descriptor for the whole run, and a folder of a few
    /// thousand such names would otherwise use up the usual soft limit of 1,024 and leave
    /// none for reading the images.
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
