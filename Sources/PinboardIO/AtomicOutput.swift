import CFileSystem
import Foundation

/// A file written under a temporary name beside its destination and renamed into place
/// only when complete, so a failed or interrupted run never leaves a partial sheet and
/// never touches a file already at the destination.
///
/// The file is created with mode 0666 less the user's umask, as any program's output is:
/// `mkstemp` would make every sheet private (0600), and a fixed 0644 would overrule a
/// user who asked for private files. A file it replaces gives it its permission bits, and
/// its owner and group where the process may set them, before the rename, as `cp` and
/// editors keep them: a private sheet stays private.
///
/// `destination` must be a regular file or nothing: `OutputFile` decides that, following
/// symbolic links and writing through devices and FIFOs.
package final class AtomicOutput {
    /// Asks the system to put what was written through a descriptor on the disk (`fsync`);
    /// returns 0, or -1 with `errno` set. Tests pass their own to watch the calls or fail one.
    package typealias Synchronize = (Int32) -> Int32

    package let destination: String
    /// Where the bytes go until `commit()` renames them into place.
    package let temporaryPath: String
    package let fileDescriptor: Int32
    private let synchronize: Synchronize
    private var settled = false
    /// Where the writing to disk that `startWriteback` asked for began last time.
    private var writebackOffset: Int64 = 0

    /// How many bytes written since the last `startWriteback` make it start another: few
    /// enough calls that they cost nothing, early enough that the disk keeps up.
    package static let writebackStep: Int64 = 8 << 20

    /// Creates the temporary file, `.NAME.pinboard-PID.tmp` in the destination's folder
    /// (`.NAME.pinboard-PID-N.tmp` when that is taken), after removing the ones a killed
    /// run left there (see `StaleTemporaryFiles`).
    ///
    /// - Throws: `WriteError` naming `destination` when the folder cannot
    ///   hold a new file (not a folder, not writable), or naming the folder when it is missing.
    package init(destination: String, synchronize: @escaping Synchronize = { fsync($0) }) throws(WriteError) {
        self.destination = destination
        self.synchronize = synchronize
        let url = URL(fileURLWithPath: destination)
        let folderPath = url.deletingLastPathComponent().path
        let naming = StaleTemporaryFiles(destinationName: url.lastPathComponent)
        naming.remove(in: folderPath)
        let pid = getpid()
        // A second write to the same destination from this process takes the next number.
        for attempt in 0..<100 {
            let path = folderPath + "/" + naming.name(pid: pid, attempt: attempt)
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                fileDescriptor = fd
                temporaryPath = path
                TemporaryFiles.shared.insert(path)
                return
            }
            if errno != EEXIST { break }
        }
        let failure = errno
        let folder = (destination as NSString).deletingLastPathComponent
        throw WriteError(path: destination, reason: failure == ENOENT ? .missingFolder(folder) : .system(errno: failure))
    }

    deinit {
        discard()
    }

    /// Starts writing what has reached the file so far to the disk, without waiting, once
    /// `writebackStep` bytes have come since the last time: a writer calls it as it goes, so
    /// that `commit`'s fsync waits for the last few megabytes rather than the whole file (a
    /// 218 MB sheet's fsync took 0.27 s of an otherwise idle tail). A failure here is left
    /// to that fsync, which reports it.
    package func startWriteback() {
        guard !settled else { return }
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0, Int64(status.st_size) - writebackOffset >= Self.writebackStep else {
            return
        }
        if cfs_start_writeback(fileDescriptor, writebackOffset) == 0 { writebackOffset = Int64(status.st_size) }
    }

    /// Gives the finished file the mode, owner and group of the file it replaces (see
    /// `keepAttributes`), then moves it into place, durably: the file's bytes reach the disk before
    /// the rename, so a crash cannot leave an empty or partial file under the destination's
    /// name, and the folder is synced after it, so the rename itself survives a crash.
    ///
    /// - Throws: `WriteError` naming the destination. Up to the rename the
    ///   destination stays as it was and the temporary file is removed; a failure to sync
    ///   the folder comes after the rename, so the new file is in place but may not outlive
    ///   a crash.
    package func commit() throws(WriteError) {
        guard !settled else { return }
        settled = true
        var failure = keepAttributes()
        if failure == nil, synchronize(fileDescriptor) != 0 { failure = errno }
        if close(fileDescriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporaryPath, destination) != 0 { failure = errno }
        if let failure {
            unlink(temporaryPath)
            TemporaryFiles.shared.remove(temporaryPath)
            throw WriteError(path: destination, reason: .system(errno: failure))
        }
        // Only now: until the rename, an interrupt must still remove the temporary file.
        TemporaryFiles.shared.remove(temporaryPath)
        let folder = open(URL(fileURLWithPath: destination).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder < 0 || synchronize(folder) != 0 {
            let failure = errno
            if folder >= 0 { close(folder) }
            throw WriteError(path: destination, reason: .system(errno: failure))
        }
        close(folder)
    }

    /// Gives the temporary file the permission bits of the regular file it is to replace,
    /// and its owner and group where the process may set them (`EPERM` is no failure: a
    /// user may not give a file away); a set-user-ID or set-group-ID bit goes only with
    /// the owner or group it belongs to, as `cp -p` keeps it.
    ///
    /// - Returns: the `errno` of a failure; nil when done, or when there is no file to replace.
    private func keepAttributes() -> Int32? {
        var existing = stat()
        guard stat(destination, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG else { return nil }
        var mode = existing.st_mode & 0o7777
        // The owner before the mode: a change of owner clears the set-ID bits.
        if fchown(fileDescriptor, existing.st_uid, existing.st_gid) != 0 {
            guard errno == EPERM else { return errno }
            mode &= ~S_ISUID
            if fchown(fileDescriptor, uid_t.max, existing.st_gid) != 0 {
                guard errno == EPERM else { return errno }
                mode &= ~S_ISGID
            }
        }
        return fchmod(fileDescriptor, mode) == 0 ? nil : errno
    }

    /// Removes the temporary file; the destination stays as it was.
    package func discard() {
        guard !settled else { return }
        settled = true
        close(fileDescriptor)
        unlink(temporaryPath)
        TemporaryFiles.shared.remove(temporaryPath)
    }
}
