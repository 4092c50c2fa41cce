#if canImport(Glibc)
import Glibc
#endif

/// The most memory this process has held at once, for tests that a damaged file's
/// claimed size is never allocated: the peak only grows, so a test compares it before and
/// after one read.
package enum PeakMemory {
    /// getrusage's ru_maxrss, in bytes.
    package static var residentBytes: Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
}
