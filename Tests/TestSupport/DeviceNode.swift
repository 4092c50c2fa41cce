import Foundation

/// Character devices made in a test's own folder, so a test writes to a null or a full
/// device without touching the system's `/dev/null` or `/dev/full`: the node is private,
/// the driver behind it the same.
package enum DeviceNode {
    /// A device's numbers, as `ls -l` shows them.
    package struct Numbers: Sendable {
        package let major: UInt32
        package let minor: UInt32
    }

    /// The null device's numbers: takes every byte and keeps none.
    package static let null = Numbers(major: 1, minor: 3)
    /// The full device's numbers: every write fails with `ENOSPC`.
    package static let full = Numbers(major: 1, minor: 7)

    /// Makes a character device, mode 0666, at `path`.
    ///
    /// - Returns: whether the system made it; without CAP_MKNOD it refuses.
    package static func make(_ numbers: Numbers, at path: String) -> Bool {
        mknod(path, S_IFCHR | 0o666, number(numbers)) == 0
    }

    /// Whether this process may make a device node and open it: probed once, in a
    /// temporary folder. A container may lack CAP_MKNOD, or allow the node and refuse to
    /// open it (a device cgroup); tests that need one are skipped there.
    package static let available: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        let path = folder.path + "/null"
        guard make(null, at: path) else { return false }
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }()

    /// A private full device made in `folder` and opened for writing: every write to the
    /// descriptor fails with `ENOSPC`, as the system's `/dev/full` would, which a test never
    /// opens (a bug that replaced it would break the machine). Nil where no device can be made.
    package static func openFull(in folder: TemporaryFolder) -> Int32? {
        let path = folder.path + "/full"
        guard make(full, at: path) else { return nil }
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// Whether `path` is a character device, its link not followed.
    package static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    /// glibc's `makedev`, a macro Swift does not import.
    static func number(_ numbers: Numbers) -> dev_t {
        let major = dev_t(numbers.major), minor = dev_t(numbers.minor)
        return (major & 0xfff) << 8 | (major & 0xffff_f000) << 32 | (minor & 0xff) | (minor & 0xffff_ff00) << 12
    }
}
