import Geometry
@testable import Pinboard
import Raster
import Testing

@Suite("Caption text")
struct LabelModeTests {
    @Test("name keeps the extension, stem drops the last one, none says nothing", arguments: [
        (LabelMode.name, "photos/a.b.png", "a.b.png" as String?), (.stem, "photos/a.b.png", "a.b"),
        (.stem, "photos/.hidden", ".hidden"), (.stem, "noext", "noext"), (.none, "x.png", nil),
    ])
    func caption(mode: LabelMode, path: String, expected: String?) {
        #expect(mode.caption(for: PlannedSource(path: path, format: .block(.white, Size(width: 1, height: 1)))) == expected)
    }
}
