import Dispatch
import Geometry
import Layout
import Pinboard
import Raster

/// The tile-by-tile comparison of two sheets that carry manifests (see `SheetComparer`).
struct TileComparer {
    let a: ComparedSheet
    let manifestA: Manifest
    let b: ComparedSheet
    let manifestB: Manifest
    let threshold: Int

    func run(diffSheet: SheetComparer.DiffSheet) throws(CompareError) -> SheetComparison {
        let pairing = TilePairing(a: manifestA.items.map(\.pairingKey), b: manifestB.items.map(\.pairingKey))
        let readerA = try SheetBandReader(a)
        let readerB = try SheetBandReader(b)
        try Self.check(manifestA, fits: readerA)
        try Self.check(manifestB, fits: readerB)
        let itemsA = manifestA.items
        let itemsB = manifestB.items
        let comparable = pairing.pairs.indices.filter { pair in
            let (first, second) = pairing.pairs[pair]
            return itemsA[first].width == itemsB[second].width && itemsA[first].height == itemsB[second].height
        }
        let results = ResultSlots<TileResult>(count: pairing.pairs.count)
        try Self.stream(
            TileCutter(reader: readerA, wanted: comparable.map { ($0, itemsA[pairing.pairs[$0].a].rect) }),
            TileCutter(reader: readerB, wanted: comparable.map { ($0, itemsB[pairing.pairs[$0].b].rect) }),
            threshold: threshold, keepMasks: diffSheet != .none, into: results)

        var report = SheetComparison(
            mode: .tiles, threshold: threshold,
            sizeA: Size(width: manifestA.width, height: manifestA.height),
            sizeB: Size(width: manifestB.width, height: manifestB.height))
        var marks = Array(repeating: DiffMark.unchanged, count: itemsB.count)
        for (pair, indices) in pairing.pairs.enumerated() {
            let imageA = ComparedImage(item: itemsA[indices.a])
            let imageB = ComparedImage(item: itemsB[indices.b])
            guard let result = results[pair] else {
                // Sizes differ: no pixel can be compared. The same file drawn at another size
                // (it moved to a lane of another width) is no change of the source.
                if let digest = imageA.sha256, digest == imageB.sha256 {
                    report.rescaled.append(TileChange(a: imageA, b: imageB, difference: nil))
                } else {
                    report.changes.append(TileChange(a: imageA, b: imageB, difference: nil))
                    marks[indices.b] = .resized
                }
                continue
            }
            report.total.merge(result.difference)
            if result.difference.changedPixels > 0 {
                report.changes.append(TileChange(a: imageA, b: imageB, difference: result.difference))
                marks[indices.b] = result.mask.map(DiffMark.changed) ?? .unchanged
            } else {
                report.unchanged += 1
                report.unchangedNames.append(imageB.name)
            }
        }
        report.onlyInA = pairing.onlyInA.map { ComparedImage(item: itemsA[$0]) }
        report.onlyInB = pairing.onlyInB.map { ComparedImage(item: itemsB[$0]) }
        for index in pairing.onlyInB { marks[index] = .added }
        report.diffSheet = try DiffSheetPainter.paint(
            b, manifest: manifestB, marks: marks, to: diffSheet)
        return report
    }

    /// A compared pair: its statistics, and which pixels changed when a diff sheet is wanted.
    struct TileResult: Sendable {
        let difference: PixelDifference
        let mask: ChangeMask?
    }

    /// Refuses a manifest that does not describe the sheet it came with: a wrong size, or a
    /// tile outside the sheet, would make the comparison read the wrong pixels.
    private static func check(_ manifest: Manifest, fits reader: SheetBandReader) throws(CompareError) {
        let name = reader.name
        guard manifest.width == reader.width && manifest.height == reader.height else {
            throw .badManifest(
                path: name,
                reason: "it describes a \(manifest.width)×\(manifest.height) sheet, the image is \(reader.width)×\(reader.height)")
        }
        let sheet = Rect(x: 0, y: 0, width: manifest.width, height: manifest.height)
        if let outside = manifest.items.first(where: { item in
            item.width <= 0 || item.height <= 0 || item.x < 0 || item.y < 0 || item.rect.maxX > sheet.maxX || item.rect.maxY > sheet.maxY
        }) {
            throw .badManifest(path: name, reason: "the tile of \(outside.source) at \(outside.rect) is not inside the sheet")
        }
    }

    /// Reads both sheets to the end, comparing each pair once both tiles are cut.
    ///
    /// Each step reads a band of each sheet on its own thread while the pairs completed by the
    /// previous step are compared on the others. A sheet whose cut tiles are all still waiting
    /// for their partners pauses until the other catches up, which bounds memory by how far the
    /// tiles moved between the two layouts.
    private static func stream(
        _ cutterA: TileCutter, _ cutterB: TileCutter, threshold: Int, keepMasks: Bool, into results: ResultSlots<TileResult>
    ) throws(CompareError) {
        var waitingA: [Int: [UInt8]] = [:]
        var waitingB: [Int: [UInt8]] = [:]
        var ready: [ReadyPair] = []
        repeat {
            let advanceA = !cutterA.isFinished && (waitingA.isEmpty || !waitingB.isEmpty || cutterB.isFinished)
            let advanceB = !cutterB.isFinished && (waitingB.isEmpty || !waitingA.isEmpty || cutterA.isFinished)
            let step = Step(
                cutters: [advanceA ? cutterA : nil, advanceB ? cutterB : nil], pairs: ready,
                threshold: threshold, keepMasks: keepMasks, results: results)
            ready = []
            let (cutsA, cutsB) = try step.run()
            for cut in cutsA {
                if let partner = waitingB.removeValue(forKey: cut.id) {
                    ready.append(ReadyPair(id: cut.id, width: cut.width, a: cut.pixels, b: partner))
                } else {
                    waitingA[cut.id] = cut.pixels
                }
            }
            for cut in cutsB {
                if let partner = waitingA.removeValue(forKey: cut.id) {
                    ready.append(ReadyPair(id: cut.id, width: cut.width, a: partner, b: cut.pixels))
                } else {
                    waitingB[cut.id] = cut.pixels
                }
            }
        } while !(cutterA.isFinished && cutterB.isFinished && ready.isEmpty)
    }

    /// Two tiles of the same size, cut and waiting to be compared.
    struct ReadyPair: Sendable {
        let id: Int
        let width: Int
        let a: [UInt8]
        let b: [UInt8]
    }

    /// One step of `stream`: read a band of each sheet still moving, and compare pairs.
    private struct Step: Sendable {
        let cutters: [TileCutter?]
        let pairs: [ReadyPair]
        let threshold: Int
        let keepMasks: Bool
        let results: ResultSlots<TileResult>

        func run() throws(CompareError) -> ([TileCutter.Cut], [TileCutter.Cut]) {
            let cuts = ResultSlots<Result<[TileCutter.Cut], CompareError>>(count: 2)
            let chunk = max(1, pairs.count / 4)
            let comparisons = (pairs.count + chunk - 1) / chunk
            DispatchQueue.concurrentPerform(iterations: 2 + comparisons) { task in
                if task < 2 {
                    guard let cutter = cutters[task] else { return }
                    cuts[task] = Result { () throws(CompareError) in try cutter.advance() }
                    return
                }
                let first = (task - 2) * chunk
                for pair in pairs[first..<min(pairs.count, first + chunk)] {
                    results[pair.id] = compare(pair)
                }
            }
            return (try cuts[0]?.get() ?? [], try cuts[1]?.get() ?? [])
        }

        /// Compares row by row; the mask is made only for a diff sheet, and kept only when
        /// something changed.
        private func compare(_ pair: ReadyPair) -> TileResult {
            var difference = PixelDifference()
            guard keepMasks, var mask = try? ChangeMask(width: pair.width, height: pair.a.count / (pair.width * 4)) else {
                Self.forEachRow(of: pair) { _, a, b in
                    difference.merge(PixelDifference.compare(a, b, pixels: pair.width, threshold: threshold))
                }
                return TileResult(difference: difference, mask: nil)
            }
            Self.forEachRow(of: pair) { y, a, b in
                difference.merge(mask.compare(row: y, a, b, threshold: threshold))
            }
            return TileResult(difference: difference, mask: difference.changedPixels > 0 ? mask : nil)
        }

        private static func forEachRow(
            of pair: ReadyPair, _ body: (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
        ) {
            let stride = pair.width * 4
            pair.a.withUnsafeBytes { a in
                pair.b.withUnsafeBytes { b in
                    for y in 0..<a.count / stride {
                        let rows = y * stride..<(y + 1) * stride
                        body(y, UnsafeRawBufferPointer(rebasing: a[rows]), UnsafeRawBufferPointer(rebasing: b[rows]))
                    }
                }
            }
        }
    }
}
