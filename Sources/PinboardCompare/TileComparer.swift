import Dispatch
import Geometry
import Layout
import Pinboard
import PinboardIO
import Raster
import SheetManifest

/// The tile-by-tile comparison of two sheets that carry manifests (see `SheetComparer`).
struct TileComparer {
    let a: ComparedSheet
    let manifestA: Manifest
    let b: ComparedSheet
    let manifestB: Manifest
    let options: ComparisonOptions

    func run(diffSheet: SheetComparer.DiffSheet) throws(CompareError) -> SheetComparison {
        let pairing = TilePairing(a: manifestA.items.map(\.pairingKey), b: manifestB.items.map(\.pairingKey))
        let readerA = try SheetBandReader(a)
        let readerB = try SheetBandReader(b)
        try Self.check(manifestA, fits: readerA)
        try Self.check(manifestB, fits: readerB)
        let itemsA = manifestA.items
        let itemsB = manifestB.items
        // The same file drawn at another size (it moved to a lane of another width) is no
        // change of the source: not compared. Every other pair is, over the area both share.
        let rescaled = pairing.pairs.map { pair in
            let (first, second) = pair
            return itemsA[first].rect.width != itemsB[second].rect.width || itemsA[first].rect.height != itemsB[second].rect.height
                ? itemsA[first].sha256.map { $0 == itemsB[second].sha256 } ?? false
                : false
        }
        let comparable = pairing.pairs.indices.filter { !rescaled[$0] }
        let results = ResultSlots<TileResult>(count: pairing.pairs.count)
        let comparison = PairComparison(
            names: pairing.pairs.map { itemsB[$0.b].pairingKey }, options: options, keepMarks: diffSheet != .none)
        try Self.stream(
            TileCutter(reader: readerA, wanted: comparable.map { ($0, itemsA[pairing.pairs[$0].a].rect) }),
            TileCutter(reader: readerB, wanted: comparable.map { ($0, itemsB[pairing.pairs[$0].b].rect) }),
            comparison: comparison, into: results)

        var report = SheetComparison(
            mode: .tiles, options: options,
            sizeA: Size(width: manifestA.width, height: manifestA.height),
            sizeB: Size(width: manifestB.width, height: manifestB.height))
        var marks = Array(repeating: DiffMark.unchanged, count: itemsB.count)
        for (pair, indices) in pairing.pairs.enumerated() {
            let imageA = ComparedImage(item: itemsA[indices.a])
            let imageB = ComparedImage(item: itemsB[indices.b])
            guard let result = results[pair] else {
                report.rescaled.append(TileChange(a: imageA, b: imageB, difference: nil))
                continue
            }
            report.total.merge(result.difference)
            report.tiles.append(result.change(a: imageA, b: imageB, options: options))
            if let tileMarks = result.marks, !tileMarks.isEmpty { marks[indices.b] = .marked(tileMarks) }
        }
        report.onlyInA = pairing.onlyInA.map { ComparedImage(item: itemsA[$0]) }
        report.onlyInB = pairing.onlyInB.map { ComparedImage(item: itemsB[$0]) }
        report.warnings = readerA.warnings + readerB.warnings
        for index in pairing.onlyInB { marks[index] = .added }
        report.diffSheet = try DiffSheetPainter.paint(
            b, manifest: manifestB, marks: marks, style: options.drawing, to: diffSheet)
        return report
    }

    /// Refuses a manifest that does not describe the sheet it came with: a wrong size, or a
    /// tile outside the sheet, would make the comparison read the wrong pixels.
    private static func check(_ manifest: Manifest, fits reader: SheetBandReader) throws(CompareError) {
        let name = reader.name
        guard manifest.width == reader.width && manifest.height == reader.height else {
            throw .sheet(.badManifest(
                path: name,
                reason: .sizeMismatch(
                    manifest: Size(width: manifest.width, height: manifest.height),
                    image: Size(width: reader.width, height: reader.height))))
        }
        let sheet = Rect(x: 0, y: 0, width: manifest.width, height: manifest.height)
        if let outside = manifest.items.first(where: { item in
            item.width <= 0 || item.height <= 0 || item.x < 0 || item.y < 0 || item.rect.maxX > sheet.maxX || item.rect.maxY > sheet.maxY
        }) {
            throw .sheet(.badManifest(path: name, reason: .tileOutsideSheet(source: outside.source, rect: outside.rect)))
        }
    }

    /// Reads both sheets to the end, comparing each pair once both tiles are cut.
    ///
    /// Each step reads a band of each sheet on its own thread while the pairs completed by the
    /// previous step are compared on the others. A sheet whose cut tiles are all still waiting
    /// for their partners pauses until the other catches up, which bounds memory by how far the
    /// tiles moved between the two layouts.
    private static func stream(
        _ cutterA: TileCutter, _ cutterB: TileCutter, comparison: PairComparison, into results: ResultSlots<TileResult>
    ) throws(CompareError) {
        var waitingA: [Int: TileCutter.Cut] = [:]
        var waitingB: [Int: TileCutter.Cut] = [:]
        var ready: [ReadyPair] = []
        repeat {
            let advanceA = !cutterA.isFinished && (waitingA.isEmpty || !waitingB.isEmpty || cutterB.isFinished)
            let advanceB = !cutterB.isFinished && (waitingB.isEmpty || !waitingA.isEmpty || cutterA.isFinished)
            let step = Step(
                cutters: [advanceA ? cutterA : nil, advanceB ? cutterB : nil], pairs: ready,
                comparison: comparison, results: results)
            ready = []
            let (cutsA, cutsB) = try step.run()
            for cut in cutsA {
                if let partner = waitingB.removeValue(forKey: cut.id) {
                    ready.append(ReadyPair(id: cut.id, a: cut, b: partner))
                } else {
                    waitingA[cut.id] = cut
                }
            }
            for cut in cutsB {
                if let partner = waitingA.removeValue(forKey: cut.id) {
                    ready.append(ReadyPair(id: cut.id, a: partner, b: cut))
                } else {
                    waitingB[cut.id] = cut
                }
            }
        } while !(cutterA.isFinished && cutterB.isFinished && ready.isEmpty)
    }

    /// Two tiles of one name, cut and waiting to be compared.
    struct ReadyPair: Sendable {
        let id: Int
        let a: TileCutter.Cut
        let b: TileCutter.Cut
    }

    /// One step of `stream`: read a band of each sheet still moving, and compare pairs.
    private struct Step: Sendable {
        let cutters: [TileCutter?]
        let pairs: [ReadyPair]
        let comparison: PairComparison
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
                    results[pair.id] = comparison.compare(
                        pair.a.pixels, width: pair.a.width, pair.b.pixels, width: pair.b.width, pair: pair.id)
                }
            }
            return (try cuts[0]?.get() ?? [], try cuts[1]?.get() ?? [])
        }
    }
}
