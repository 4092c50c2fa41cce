import Geometry
import Layout
import Raster
import SheetManifest

/// The first screen of the iOS Pinterest-layout tutorial, drawn as a sheet: two lanes of
/// twenty coloured blocks of random heights, placed by the same engine as any photo.
///
/// It shows the layout without any images and makes generated test input: the same seed
/// gives the same blocks on every machine (SplitMix64, no platform random source).
public enum DemoBoard {
    public static let blockCount = 20
    /// Block heights in pixels, as the tutorial draws them.
    public static let heights = 30...199
    /// Colour channels stay clear of black and white, so blocks stand out on either.
    public static let channels: ClosedRange<UInt8> = 5...204

    /// Plans the demo: `options` decide width, padding, margin and background; the lanes
    /// are always two.
    public static func plan(seed: UInt64, options: SheetOptions = SheetOptions()) throws(PinboardError) -> SheetPlan {
        var options = try options.validated()
        options.direction = .vertical
        options.lanes = 2
        if options.breadth == nil && options.laneBreadth == nil { options.breadth = 400 }
        let arrangement: any Arrangement
        do {
            arrangement = try options.arrangement()
        } catch {
            throw .layout(error)
        }
        let configuration = arrangement.configuration
        // A block as wide as its tile keeps its drawn height exactly.
        let tileWidth = (configuration.breadth - 2 * configuration.margin) / 2 - 2 * configuration.padding
        var random = SplitMix64(seed: seed)
        let sources = (1...blockCount).map { number in
            let height = heights.lowerBound + Int(random.next() % UInt64(heights.count))
            let color = Color(red: random.channel(in: channels), green: random.channel(in: channels), blue: random.channel(in: channels))
            return PlannedSource(path: "block-\(number) \(color)", format: .block(color, Size(width: tileWidth, height: height)))
        }
        let layout = try SheetPlanner.layOut(sources, arrangement)
        return try SheetPlan(options: options, sources: sources, arrangement: arrangement, layout: layout, skipped: [])
    }
}
