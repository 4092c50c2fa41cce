import Geometry
import Layout

/// What drawing a plan will hold in memory at its peak, and the plans no one means, worked
/// out from the plan alone before a pixel is decoded: a mistyped number costs a second and a
/// message that names it, never an allocation that traps or hours of work.
///
/// The estimate follows the renderer: bands of `SheetRenderer.bandRows` full-width rows (the
/// one drawn, the one being encoded, the encoder's filtered copy), each tile held as 8 bytes
/// a pixel from the first band it meets to the last (the most that meet any band, plus the
/// workers' look-ahead), a whole sheet for a format that gathers it (WebP, AVIF), and a
/// pyramid's rows for each level. It is an upper bound of what the run allocates, within a
/// few megabytes of the encoders' own state.
public struct RenderBudget: Sendable, Hashable {
    /// The bytes rendering would hold at its peak.
    public let bytes: Int
    /// The part the bands, the encoder and a gathered sheet take.
    public let sheetBytes: Int
    /// The part the tiles take.
    public let tileBytes: Int
    /// The largest tile, as it is resampled (before a crop).
    public let largestTile: Size

    /// The default of `SheetOptions.maxMemory`: 3 GiB, what a 2-core machine with 4 GiB gives.
    public static let defaultMaxMemory = 3 << 30
    /// The default of `SheetOptions.maxEnlargement`: a tile at most 100 times its source's side.
    public static let defaultMaxEnlargement = 100
    /// The default of `SheetOptions.maxSheetPixels`: 40 gigapixels.
    public static let defaultMaxSheetPixels = 40_000_000_000

    /// The estimate for `plan`.
    public init(_ plan: SheetPlan) {
        self.init(plan, resampled: Self.resampledSizes(of: plan))
    }

    /// The estimate for `plan`, whose tiles are resampled to `resampled` (one per tile).
    private init(_ plan: SheetPlan, resampled scaled: [Size]) {
        let sheet = plan.sheet
        let options = plan.options
        let rowBytes = Double(sheet.width) * 4
        var sheetBytes = 3 * rowBytes * Double(SheetRenderer.bandRows) + Double(options.jobs) * Double(16 << 20)
        let format = options.encoding.format
        if format.gathersWholeSheet { sheetBytes += 2 * rowBytes * Double(sheet.height) }
        if format.isPyramid {
            let tiles = options.encoding.deepZoom
            sheetBytes += 2 * rowBytes * Double(tiles.tileSize + 2 * tiles.overlap + 2)
        }
        let held = min(scaled.count, Self.mostTilesInOneBand(plan) + 3 * max(1, options.jobs))
        let tileBytes = scaled.map { 8 * Double($0.width) * Double($0.height) }.sorted(by: >).prefix(held).reduce(0, +)
        self.sheetBytes = Self.clamped(sheetBytes)
        self.tileBytes = Self.clamped(tileBytes)
        bytes = Self.clamped(sheetBytes + tileBytes)
        largestTile = scaled.max { Double($0.width) * Double($0.height) < Double($1.width) * Double($1.height) } ?? Size(width: 0, height: 0)
    }

    /// Throws when `plan` is larger than its options allow: a sheet of more pixels than
    /// `maxSheetPixels`, a tile enlarged past `maxEnlargement` times its source, or an
    /// estimate over `maxMemory`.
    ///
    /// - Throws: `PinboardError.tooManySheetPixels`, `.enlargedTooFar`, `.tooMuchMemory`.
    public static func check(_ plan: SheetPlan) throws(PinboardError) {
        let options = plan.options
        let sheet = plan.sheet
        if Double(sheet.width) * Double(sheet.height) > Double(options.maxSheetPixels) {
            throw .tooManySheetPixels(width: sheet.width, height: sheet.height, limit: options.maxSheetPixels)
        }
        let resampled = resampledSizes(of: plan)
        let limit = Double(options.maxEnlargement)
        for (scaled, source) in zip(resampled, plan.sources)
        where Double(scaled.width) > limit * Double(source.size.width) || Double(scaled.height) > limit * Double(source.size.height) {
            throw .enlargedTooFar(source: source.path, size: source.size, tile: scaled, limit: options.maxEnlargement)
        }
        let budget = RenderBudget(plan, resampled: resampled)
        if budget.bytes > options.maxMemory { throw .tooMuchMemory(budget, limit: options.maxMemory, sheet: sheet) }
    }

    /// The size each tile's source is resampled to, in tile order: its crop's scaled size
    /// where it is cut from a larger one, else the tile's own.
    private static func resampledSizes(of plan: SheetPlan) -> [Size] {
        plan.tiles.map { tile in plan.crop(of: tile.index)?.scaled ?? Size(width: tile.rect.width, height: tile.rect.height) }
    }

    /// The most tiles any band meets, a band's height around each tile included, by a sweep
    /// over the tiles' top and bottom edges (captions included).
    package static func mostTilesInOneBand(_ plan: SheetPlan) -> Int {
        let band = SheetRenderer.bandRows
        var edges: [(y: Int, change: Int)] = []
        edges.reserveCapacity(2 * plan.tiles.count)
        for tile in plan.tiles {
            edges.append((tile.rect.y - band, 1))
            edges.append(((tile.labelRect ?? tile.rect).maxY + band, -1))
        }
        edges.sort { $0.y != $1.y ? $0.y < $1.y : $0.change < $1.change }
        var open = 0
        var most = 0
        for edge in edges {
            open += edge.change
            most = max(most, open)
        }
        return most
    }

    private static func clamped(_ bytes: Double) -> Int {
        bytes >= Double(Int.max) ? Int.max : Int(bytes)
    }
}
