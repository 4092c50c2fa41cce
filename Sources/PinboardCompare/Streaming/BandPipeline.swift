import Dispatch
import Pinboard
import PinboardIO

/// Reads sheets band by band, each on its own thread, while the bands read the step before
/// are handed to `process` on another: the decoding of the next band hides the work on the
/// last one.
enum BandPipeline {
    /// Runs to the last row.
    ///
    /// - Parameters:
    ///   - readers: Sheets read in step, each to its last row; one that ends before the
    ///     others gives empty bands from then on.
    ///   - process: Takes one band of each sheet (straight RGBA rows, in the order of
    ///     `readers`, each of its own width) and the sheet row of their first row, in order
    ///     from the top, one call at a time; the error it returns ends the run.
    /// - Throws: The first reader's or `process`'s error.
    static func run(
        _ readers: [SheetBandReader], bandRows: Int = 64, process: @escaping @Sendable ([[UInt8]], Int) -> CompareError?
    ) throws(CompareError) {
        let height = readers.map(\.height).max() ?? 0
        var previous: (bands: [[UInt8]], top: Int)?
        var top = 0
        repeat {
            let count = min(bandRows, height - top)
            let decoded = ResultSlots<Result<[UInt8], CompareError>>(count: readers.count)
            let processed = ResultSlots<CompareError?>(count: 1)
            let earlier = previous
            let first = top
            // The work on the last bands is handed out first, so it starts at once on one
            // thread while the others decode; dealt last, it would wait for a decode to end.
            DispatchQueue.concurrentPerform(iterations: readers.count + 1) { task in
                if task > 0 {
                    let reader = readers[task - 1]
                    let rows = max(0, min(count, reader.height - first))
                    guard rows > 0 else { return }
                    decoded[task - 1] = Result { () throws(CompareError) in
                        var band = [UInt8](repeating: 0, count: reader.width * 4 * rows)
                        try reader.read(rows, into: &band)
                        return band
                    }
                } else if let earlier {
                    processed[0] = process(earlier.bands, earlier.top)
                }
            }
            if let error = processed[0] ?? nil { throw error }
            if count > 0 {
                previous = (try readers.indices.map { index throws(CompareError) in try decoded[index]?.get() ?? [] }, top)
            } else {
                previous = nil
            }
            top += count
        } while previous != nil
    }
}
