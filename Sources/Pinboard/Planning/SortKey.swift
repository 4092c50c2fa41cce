/// What a board's sources are sorted by (`--sort`); `SheetOptions.sort` nil keeps the
/// order given: file arguments as given, each folder's images in natural order.
///
/// Every key but `random` breaks ties by the path in `NaturalOrder`, so the order is one
/// and the same on every run and machine, with any number of jobs.
public enum SortKey: String, CaseIterable, Sendable {
    /// The file's name in `NaturalOrder` (`img2` before `img10`), whatever its folder;
    /// equal names by their whole path.
    case name
    /// When the photo was taken (`PlannedSource.taken`: EXIF DateTimeOriginal, else EXIF
    /// DateTime, else the file's modification time), earliest first.
    case taken
    /// The file's modification time, earliest first.
    case modified
    /// The file's size in bytes, smallest first.
    case size
    /// A shuffle decided by `SheetOptions.seed` alone: SplitMix64 seeded with it drives a
    /// Fisher–Yates shuffle of the sources in `NaturalOrder` of their paths (see
    /// `SourceOrdering.shuffled`).
    case random
}
