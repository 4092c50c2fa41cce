import Layout
import SheetManifest
import SheetOutput

/// The one place a sheet's manifest is put together, so every member has one home.
///
/// Layout gives the geometry (size, lanes, every tile's rect, scale and crop); the plan
/// gives each source's path, pairing name and SHA-256, the sections' names, the inputs
/// skipped while probing, and what made the pixels (tool, libraries, filter and the
/// other settings); rendering adds the sources whose pixels failed, after those.
enum ManifestBuilder {
    /// - Parameters:
    ///   - renderFailures: sources that had a tile but failed while rendering; they follow
    ///     the plan's own skipped inputs under `skipped`.
    ///   - drawnInPart: the sources whose decoding failed partway, by source index; their
    ///     items say how far they were drawn (`damage`).
    ///   - movedCuts: the cuts the attention focus moved from the plan's, by source index.
    static func build(
        _ plan: SheetPlan, renderFailures: [Manifest.SkippedSource], drawnInPart: [Int: DrawnInPart] = [:],
        movedCuts: [Int: TileCrop] = [:]
    ) -> Manifest {
        let sources = plan.sources
        let options = plan.options
        var manifest = Manifest(
            layout: plan.layout, evenBottom: plan.evenBottom, movedCuts: movedCuts, background: options.background,
            skipped: plan.skipped + renderFailures,
            sourceName: { sources[$0].path }, provenance: { provenance(of: sources[$0]) },
            sectionName: { plan.sectionNames[$0] })
        manifest.tool = "pinboard \(PinboardVersion.current)"
        manifest.libraries = PinboardVersion.libraries
        manifest.cornerRadius = options.cornerRadius
        manifest.filter = options.filter
        manifest.options = renderSettings(plan)
        for (index, partial) in drawnInPart where manifest.items.indices.contains(index) {
            manifest.items[index].damage = partial.damage
        }
        return manifest
    }

    /// What the manifest says of a source beyond its path and place.
    private static func provenance(of source: PlannedSource) -> Manifest.Provenance {
        var provenance = Manifest.Provenance(name: source.name, sha256: source.sha256, colorProfile: source.colorProfile)
        if case .image(let info) = source.format { provenance.format = info.format }
        return provenance
    }

    /// The settings that change pixels or bytes but are not part of the layout's geometry.
    private static func renderSettings(_ plan: SheetPlan) -> [String: String] {
        let options = plan.options
        var settings = [
            "compression": String(options.compression),
            "decode": options.shrinkOnLoad ? "shrink-on-load" : "full",
        ]
        // What the format records of itself: its name and the settings that change its bytes.
        settings.merge(options.encoding.format.kind.manifestOptions(for: options.encoding)) { $1 }
        if let title = options.title { settings["title"] = title }
        if options.label != .none {
            settings["label"] = options.label.spelling
            settings["labelSize"] = String(options.labelSize)
            settings["labelColor"] = options.labelColor.description
        }
        if let lettering = plan.lettering { settings["font"] = lettering.font.path }
        // What decided the order, so a board can be made again; nothing when the order is as given.
        if let sort = options.sort { settings["sort"] = sort.rawValue }
        if options.sort == .random { settings["seed"] = String(options.seed ?? 0) }
        if options.reverse { settings["reverse"] = "true" }
        if options.dedupe { settings["dedupe"] = "true" }
        if let grouping = options.grouping { settings["groupBy"] = grouping.rawValue }
        if !options.convertsColorProfiles { settings["colorProfiles"] = "ignored" }
        if options.cropFocus != .centre { settings["cropFocus"] = options.cropFocus.rawValue }
        return settings
    }
}
