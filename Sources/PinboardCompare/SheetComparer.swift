import Differences
import Dispatch
import Layout
import PNGCodec
import Pinboard
import PinboardIO
import Raster

/// Compares two sheets: tile by tile when both carry a manifest, pixel by pixel otherwise.
///
/// Both sheets are streamed band by band, decoded on two threads at once; each tile is cut
/// out as its last row goes by and kept only until its partner has been cut from the other
/// sheet. When the layouts agree that is a band or two of each sheet; when tiles moved, the
/// tiles between their two positions. Nothing depends on the thread timing: the report is
/// the same on every run.
///
/// ```swift
/// let report = try SheetComparer.compare(.file("golden.png"), .file("current.png"), threshold: 1)
/// #expect(!report.hasDifferences, "\(report.changes.map(\.name))")
/// ```
public enum SheetComparer {
    /// Where the diff sheet goes, if anywhere.
    public enum DiffSheet: Sendable, Equatable {
        case none
        /// Written atomically as a PNG; refused when it is one of the compared sheets.
        case file(String)
        /// Kept in `SheetComparison.diffSheet`, for a test to look at or attach.
        case memory
    }

    /// Compares sheet `b` with the reference `a`.
    ///
    /// - Parameters:
    ///   - threshold: The largest difference in any channel still counted as unchanged, 0 to 255.
    ///   - diffSheet: Where to put the picture of the differences.
    /// - Throws: `CompareError.sheet` with `.unreadableSheet` or `.badManifest` when a sheet
    ///   cannot be read or its manifest does not fit it, `.cannotWrite` or `.outputIsInput`
    ///   for the diff sheet; `.outOfRange` for a threshold outside 0…255.
    public static func compare(
        _ a: ComparedSheet, _ b: ComparedSheet, threshold: Int = 0, diffSheet: DiffSheet = .none
    ) throws(CompareError) -> SheetComparison {
        try compare(a, b, options: ComparisonOptions(criteria: PixelCriteria(threshold: threshold)), diffSheet: diffSheet)
    }

    /// Compares sheet `b` with the reference `a` by `options`: the criteria of a changed
    /// pixel, the areas to ignore, each tile's budget, the kinds that fail
    /// (`SheetComparison.fails`).
    ///
    /// - Throws: As `compare(_:_:threshold:diffSheet:)`, and `.outOfRange` for any setting
    ///   of `options` outside its bounds (`ComparisonOptions.validate()`), before any work.
    public static func compare(
        _ a: ComparedSheet, _ b: ComparedSheet, options: ComparisonOptions, diffSheet: DiffSheet = .none
    ) throws(CompareError) -> SheetComparison {
        try options.validate()
        if case .file(let output) = diffSheet {
            for case .file(let input) in [a, b] where FileSystem.isSameFile(input, output) {
                throw .sheet(.outputIsInput(path: output))
            }
        }
        let manifests = (try a.manifest(), try b.manifest())
        var report = if let manifestA = manifests.0, let manifestB = manifests.1 {
            try TileComparer(a: a, manifestA: manifestA, b: b, manifestB: manifestB, options: options)
                .run(diffSheet: diffSheet)
        } else {
            try PlainComparer(a: a, b: b, manifestB: manifests.1, options: options).run(diffSheet: diffSheet)
        }
        report.sides = .sheets(a, b)
        return report
    }

    /// Compares the sheet files at `a` and `b`.
    public static func compare(
        _ a: String, _ b: String, threshold: Int = 0, diffSheet: DiffSheet = .none
    ) throws(CompareError) -> SheetComparison {
        try compare(.file(a), .file(b), threshold: threshold, diffSheet: diffSheet)
    }

    /// Compares the images of folder `b` with those of folder `a`, file by file (see
    /// `FolderComparer`); the report's mode is `.folders` and its images have no rects.
    ///
    /// - Throws: `CompareError.unreadableImage` when a folder or an image cannot be read;
    ///   `.outOfRange` for a threshold outside 0…255.
    public static func compareFolders(_ a: String, _ b: String, threshold: Int = 0) throws(CompareError) -> SheetComparison {
        try compareFolders(a, b, options: ComparisonOptions(criteria: PixelCriteria(threshold: threshold)))
    }

    /// Compares the images of folder `b` with those of folder `a` by `options`; images of
    /// different sizes are compared over the area both share and are `resized`.
    ///
    /// - Throws: As `compareFolders(_:_:threshold:)`, and `.outOfRange` for any setting of
    ///   `options` outside its bounds.
    public static func compareFolders(_ a: String, _ b: String, options: ComparisonOptions) throws(CompareError) -> SheetComparison {
        try options.validate()
        var report = try FolderComparer.compare(a, b, options: options)
        report.sides = .folders(a, b)
        return report
    }
}
