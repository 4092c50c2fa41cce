import Foundation
import Geometry
import Layout
import Raster
import SheetManifest
import Testing

/// The manifest's JSON, which scripts read by key and pixel tests read by position.
@Suite struct ManifestTests {
    /// W = 100, C = 3, p = 2, m = 5 (see HandComputedTests): 4×3 → (7, 7) 26×20 in lane 0,
    /// 1×2 → (37, 7) 26×52 in lane 1; the sheet is 100 × (5 + 52 + 4 + 5) = 100×66.
    static func smallLayout(placement: Placement = .shortest) throws -> MasonryLayout {
        try MasonryLayout(
            arrangement: MasonryArrangement(
                configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5), placement: placement),
            sources: [Size(width: 4, height: 3), Size(width: 1, height: 2)])
    }

    static func smallManifest(placement: Placement = .shortest) throws -> Manifest {
        try Manifest(
            layout: smallLayout(placement: placement), sourceNames: ["photos/a.png", "b.png"], background: .white,
            skipped: [Manifest.SkippedSource(source: "photos/c.txt", reason: .recorded("not a PNG"))])
    }

    @Test func jsonTextHasTheKeysInDeclaredOrder() throws {
        let json = try Self.smallManifest().jsonText()
        #expect(json.hasPrefix(#"{"version":1,"width":100,"height":66,"direction":"vertical","placement":"shortest","#))
        #expect(json == """
            {"version":1,"width":100,"height":66,"direction":"vertical","placement":"shortest","lanes":3,"padding":2,"margin":5,\
            "background":"#ffffffff","items":[\
            {"source":"photos/a.png","x":7,"y":7,"width":26,"height":20,"scale":6.5,"lane":0,"sourceWidth":4,"sourceHeight":3},\
            {"source":"b.png","x":37,"y":7,"width":26,"height":52,"scale":26.0,"lane":1,"sourceWidth":1,"sourceHeight":2}],\
            "skipped":[{"source":"photos/c.txt","reason":"not a PNG"}]}
            """)
    }

    @Test func roundRobinAndHorizontalSpellings() throws {
        let configuration = try LayoutConfiguration(direction: .horizontal, breadth: 50, lanes: 2)
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(configuration: configuration, placement: .roundRobin), sources: [Size(width: 3, height: 3)])
        let json = try Manifest(layout: layout, sourceNames: ["x.png"], background: .transparent, skipped: []).jsonText()
        // 50 px in two rows of 25, less 2·6 padding: a 13×13 tile at (6, 6), and a sheet 6 + 13 + 6 wide.
        #expect(json == #"{"version":1,"width":25,"height":50,"direction":"horizontal","placement":"round-robin","lanes":2,"#
            + ##""padding":6,"margin":0,"background":"#00000000","##
            + #""items":[{"source":"x.png","x":6,"y":6,"width":13,"height":13,"scale":4.333333333333333,"lane":0,"sourceWidth":3,"sourceHeight":3}],"#
            + #""skipped":[]}"#)
    }

    /// Foundation reads back what `jsonText()` writes, and the `Codable` conformance agrees with it.
    @Test(arguments: Placement.allCases)
    func foundationReadsTheText(placement: Placement) throws {
        let manifest = try Self.smallManifest(placement: placement)
        let fromText = try JSONDecoder().decode(Manifest.self, from: Data(manifest.jsonText().utf8))
        #expect(fromText == manifest)
        let fromEncoder = try JSONDecoder().decode(Manifest.self, from: JSONEncoder().encode(manifest))
        #expect(fromEncoder == manifest)
        let layout = try Self.smallLayout(placement: placement)
        #expect(fromText.items.map(\.rect) == layout.tiles.map(\.rect))
        #expect(fromText.items.map(\.sourceSize) == [Size(width: 4, height: 3), Size(width: 1, height: 2)])
    }

    @Test(arguments: [
        ("plain/path.png", #""plain/path.png""#),
        ("say \"cheese\".png", #""say \"cheese\".png""#),
        (#"C:\photos\a.png"#, #""C:\\photos\\a.png""#),
        ("two\nlines\tand\r", #""two\nlines\tand\r""#),
        ("bell\u{07} back\u{08} feed\u{0C} unit\u{1F}", #""bell\u0007 back\b feed\f unit\u001f""#),
        ("café 東京 🌊.png", "\"café 東京 🌊.png\""),
    ])
    func namesAreEscaped(name: String, expected: String) throws {
        let manifest = try Manifest(
            layout: MasonryLayout(configuration: LayoutConfiguration(), sources: [Size(width: 1, height: 1)]),
            sourceNames: [name], background: .white, skipped: [Manifest.SkippedSource(source: name, reason: .recorded(name))])
        let json = manifest.jsonText()
        #expect(json.contains(#""items":[{"source":"# + expected + ","))
        #expect(json.hasSuffix(#""skipped":[{"source":"# + expected + #","reason":"# + expected + "}]}"))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(json.utf8)) == manifest)
    }

    @Test func needsOneNamePerSource() throws {
        #expect(throws: LayoutError.sourceNameCountMismatch(names: 1, sources: 2)) {
            try Manifest(layout: Self.smallLayout(), sourceNames: ["a.png"], background: .white, skipped: [])
        }
    }
}

/// The members added for board features: written only when in use, read back when missing.
@Suite struct ManifestBoardTests {
    /// One 4×3 source in the worked example's lanes: a 26×20 tile, a sheet 5 + 2 + 20 + 2 + 5 = 34 high.
    @Test func toleranceIsWrittenAfterTheMargin() throws {
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(
                configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5), tolerance: 10),
            sources: [Size(width: 4, height: 3)])
        let manifest = try Manifest(layout: layout, sourceNames: ["a.png"], background: .white, skipped: [])
        let json = manifest.jsonText()
        #expect(json.hasPrefix(#"{"version":1,"width":100,"height":34,"direction":"vertical","placement":"shortest","#
            + ##""lanes":3,"padding":2,"margin":5,"tolerance":10,"background":"#ffffffff","items":"##))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(json.utf8)) == manifest)
    }

    /// A manifest written before the board features reads back with every feature off.
    @Test func olderManifestReadsWithFeaturesOff() throws {
        let old = #"{"version":1,"width":100,"height":66,"direction":"vertical","placement":"shortest","lanes":3,"#
            + ##""padding":2,"margin":5,"background":"#ffffffff","items":[{"source":"a.png","x":7,"y":7,"##
            + #""width":26,"height":20,"scale":6.5,"lane":0,"sourceWidth":4,"sourceHeight":3}],"skipped":[]}"#
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(old.utf8))
        #expect(manifest.layout == .masonry(MasonrySettings()))
        #expect(manifest.jsonText() == old)
    }
}

extension ManifestBoardTests {
    /// SpanTests' sources 0 and 1: a 26×26 tile in lane 0, then a 56×14 one over lanes 1 and 2.
    @Test func spansAreWritten() throws {
        let layout = try MasonryLayout(arrangement: Self.spanArrangement(), sources: Array(Self.spanSources.prefix(2)))
        let manifest = try Manifest(layout: layout, sourceNames: ["a.png", "b.png"], background: .white, skipped: [])
        let json = manifest.jsonText()
        #expect(json == #"{"version":1,"width":100,"height":40,"direction":"vertical","placement":"shortest","lanes":3,"#
            + ##""padding":2,"margin":5,"spanWide":"2/1","background":"#ffffffff","items":["##
            + #"{"source":"a.png","x":7,"y":7,"width":26,"height":26,"scale":26.0,"lane":0,"sourceWidth":1,"sourceHeight":1},"#
            + #"{"source":"b.png","x":37,"y":7,"width":56,"height":14,"scale":14.0,"lane":1,"lanes":2,"sourceWidth":4,"sourceHeight":1}"#
            + #"],"skipped":[]}"#)
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(json.utf8)) == manifest)
        let spanAll = try Manifest(
            layout: MasonryLayout(arrangement: Self.spanArrangement(spanAll: true), sources: Self.spanSources),
            sourceNames: Self.spanSources.indices.map { "\($0).png" }, background: .white, skipped: [])
        #expect(spanAll.jsonText().contains(#""spanWide":"2/1","spanAll":true,"background""#))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(spanAll.jsonText().utf8)) == spanAll)
        #expect(try JSONDecoder().decode(Manifest.self, from: JSONEncoder().encode(spanAll)) == spanAll)
    }
}

extension ManifestBoardTests {
    @Test func titleAndLabelHeightsAreWritten() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5, titleHeight: 20, labelHeight: 8),
            sources: [Size(width: 4, height: 3)])
        let manifest = try Manifest(layout: layout, sourceNames: ["a.png"], background: .white, skipped: [])
        #expect(manifest.jsonText().contains(##""margin":5,"titleHeight":20,"labelHeight":8,"background":"#ffffffff""##))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(manifest.jsonText().utf8)) == manifest)
    }
}

/// The layouts LayoutTests works through by hand, repeated here: a test target cannot see
/// another's helpers.
extension ManifestBoardTests {
    /// SpanTests' sources: ratio 1, then three that span at 2/1, one that does not, two more.
    static let spanSources = [
        Size(width: 1, height: 1), Size(width: 4, height: 1), Size(width: 2, height: 1), Size(width: 3, height: 2),
        Size(width: 5, height: 2), Size(width: 8, height: 2), Size(width: 1, height: 1),
    ]

    static func spanArrangement(spanAll: Bool = false) throws -> MasonryArrangement {
        try MasonryArrangement(
            configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5),
            spanWide: Ratio(numerator: 2, denominator: 1), spanAll: spanAll)
    }

    /// HandComputedTests' first five worked-example sources.
    static let workedExampleSources = [
        Size(width: 4, height: 3), Size(width: 100, height: 100), Size(width: 1, height: 2), Size(width: 5, height: 1),
        Size(width: 52, height: 1),
    ]

    @Test func manifestWritesTheSections() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5, sectionHeaderHeight: 10), sources: Self.workedExampleSources,
            sectionStarts: [0, 4])
        let manifest = try Manifest(
            layout: layout, sourceNames: (0..<5).map { "\($0).png" }, sectionNames: ["cats", "dogs"],
            background: .white, skipped: [])
        let json = manifest.jsonText()
        #expect(json.contains(##""margin":5,"background":"#ffffffff","sections":["##
            + #"{"name":"cats","start":0,"x":5,"y":5,"width":90,"height":10},"#
            + #"{"name":"dogs","start":4,"x":5,"y":71,"width":90,"height":10}],"items":["#))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(json.utf8)) == manifest)
        #expect(try JSONDecoder().decode(Manifest.self, from: JSONEncoder().encode(manifest)) == manifest)
        #expect(manifest.sections.map(\.header) == [Rect(x: 5, y: 5, width: 90, height: 10), Rect(x: 5, y: 71, width: 90, height: 10)])
        #expect(throws: LayoutError.sectionNameCountMismatch(names: 1, sections: 2)) {
            try Manifest(layout: layout, sourceNames: (0..<5).map { "\($0).png" }, sectionNames: ["cats"], background: .white, skipped: [])
        }
        // Without sections the key is left out and an old manifest reads back with none.
        let plain = try ManifestTests.smallManifest()
        #expect(!plain.jsonText().contains("sections"))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(plain.jsonText().utf8)).sections.isEmpty)
    }
}

/// Every mode but masonry records itself as one `layout` object; the words of older manifests read back.
@Suite struct ManifestLayoutTests {
    static func manifest(_ mode: LayoutMode) throws -> Manifest {
        let arrangement = try mode.arrangement(mode.configuration(breadth: 400, lanes: 2, padding: 2))
        let layout = try arrangement.layOut([Size(width: 4, height: 3), Size(width: 3, height: 4)], sectionStarts: [])
        return try Manifest(layout: layout, sourceNames: ["a.png", "b.png"], background: .white, skipped: [])
    }

    @Test func justifiedObject() throws {
        let manifest = try Self.manifest(.justified(JustifiedSettings(rowHeight: 150, maxRows: 3)))
        #expect(manifest.jsonText().contains(
            #""placement":"shortest","layout":{"mode":"justified","rowHeight":150,"rowTolerance":0.25,"widows":"left","maxRows":3},"lanes":2,"#))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(manifest.jsonText().utf8)) == manifest)
        #expect(try JSONDecoder().decode(Manifest.self, from: JSONEncoder().encode(manifest)) == manifest)
    }

    @Test func gridObject() throws {
        let manifest = try Self.manifest(.grid(GridSettings(fit: .cover)))
        #expect(manifest.jsonText().contains(#""layout":{"mode":"grid","cellWidth":196,"cellHeight":196,"fit":"cover"},"#))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(manifest.jsonText().utf8)) == manifest)
    }

    @Test("An older manifest's words read as the same mode", arguments: [
        ("justified 320 0.25 left", LayoutMode.justified(JustifiedSettings())),
        ("justified 150 0.5 center max-rows 4", .justified(JustifiedSettings(rowHeight: 150, tolerance: 0.5, widows: .center, maxRows: 4))),
        ("grid 190x190 4 cover", .grid(GridSettings(cellWidth: 190, cellHeight: 190, fit: .cover))),
    ])
    func legacyWords(words: String, mode: LayoutMode) throws {
        let old = #"{"version":1,"width":10,"height":10,"direction":"vertical","placement":"shortest","layout":""#
            + words + ##"","lanes":1,"padding":0,"margin":0,"background":"#ffffffff","items":[],"skipped":[]}"##
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(old.utf8)).layout == mode)
    }

    @Test func unknownWordsAreAnError() {
        let old = #"{"version":1,"width":10,"height":10,"direction":"vertical","placement":"shortest","layout":"spiral 3","#
            + ##""lanes":1,"padding":0,"margin":0,"background":"#ffffffff","items":[],"skipped":[]}"##
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Manifest.self, from: Data(old.utf8)) }
    }
}
