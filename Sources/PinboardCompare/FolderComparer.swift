import Dispatch
import Geometry
import ImageFormats
import ImageInput
import Layout
import Pinboard
import PinboardIO
import Raster

/// The file-by-file comparison of two folders of images: screenshots of two runs, before
/// they are ever put on a sheet.
///
/// Both folders are scanned as sheet inputs are (every format the registry reads,
/// subfolders included, hidden files skipped) and files are paired by their path below the
/// folder. Each pair is decoded whole (turned upright when the file says so) and compared
/// pixel for pixel, over the area both sizes share, on every core.
enum FolderComparer {
    static func compare(_ a: String, _ b: String, options: ComparisonOptions) throws(CompareError) -> SheetComparison {
        let sourcesA = try scan(a).filter { options.includes($0.name) }
        let sourcesB = try scan(b).filter { options.includes($0.name) }
        let pairing = TilePairing(a: sourcesA.map(\.name), b: sourcesB.map(\.name))
        let comparison = PairComparison(names: pairing.pairs.map { sourcesB[$0.b].name }, options: options, keepMarks: false)
        let results = ResultSlots<Result<TileResult, CompareError>>(count: pairing.pairs.count)
        DispatchQueue.concurrentPerform(iterations: pairing.pairs.count) { pair in
            let (first, second) = pairing.pairs[pair]
            results[pair] = Result { () throws(CompareError) in
                let imageA = try decode(sourcesA[first])
                let imageB = try decode(sourcesB[second])
                return comparison.compare(imageA.pixels, width: imageA.width, imageB.pixels, width: imageB.width, pair: pair)
            }
        }
        var report = SheetComparison(mode: .folders, options: options, sizeA: nil, sizeB: nil)
        for (outcome, indices) in zip(results.values(), pairing.pairs) {
            let result = try outcome.get()
            let imageA = ComparedImage(name: sourcesA[indices.a].name, source: sourcesA[indices.a].path, rect: nil, size: result.sizeA)
            let imageB = ComparedImage(name: sourcesB[indices.b].name, source: sourcesB[indices.b].path, rect: nil, size: result.sizeB)
            report.total.merge(result.difference)
            report.tiles.append(result.change(a: imageA, b: imageB, options: options))
        }
        report.onlyInA = try pairing.onlyInA.map { index throws(CompareError) in try image(sourcesA[index]) }
        report.onlyInB = try pairing.onlyInB.map { index throws(CompareError) in try image(sourcesB[index]) }
        return report
    }

    /// The images of a folder, named by their paths below it.
    private static func scan(_ folder: String) throws(CompareError) -> [Source] {
        guard case .folder = FileSystem.status(of: folder) else {
            throw .unreadableImage(path: folder, reason: "not a folder")
        }
        let scan = SourceScanner(imageExtensions: ImageRegistry.pinboard.fileExtensions, recursive: true).scan([folder])
        // An empty folder is a fair side: all its partner's images are then only on one side.
        for problem in scan.problems {
            if case .noImages = problem.reason { continue }
            throw .unreadableImage(path: problem.path, reason: problem.description)
        }
        return scan.sources
    }

    /// An image only on one side, with its upright size from its header.
    private static func image(_ source: Source) throws(CompareError) -> ComparedImage {
        do {
            let info = try ImageRegistry.pinboard.probe(path: source.location, limits: .default)
            return ComparedImage(
                name: source.name, source: source.path, rect: nil, size: Size(width: info.uprightWidth, height: info.uprightHeight))
        } catch {
            throw .unreadableImage(path: source.path, reason: error.reason.description)
        }
    }

    /// The whole image, upright, whichever format its signature says.
    static func decode(_ source: Source) throws(CompareError) -> ImageInput.RGBAImage {
        do {
            let registry = ImageRegistry.pinboard
            let info = try registry.probe(path: source.location, limits: .default)
            let reader = try registry.openRows(path: source.location, info: info, limits: .default)
            return reader.orientation.apply(to: try reader.readImage())
        } catch {
            throw .unreadableImage(path: source.path, reason: error.reason.description)
        }
    }
}
