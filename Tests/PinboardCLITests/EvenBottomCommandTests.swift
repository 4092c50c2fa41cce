import Foundation
import Testing
import TestSupport

@Suite("pinboard --even-bottom")
struct EvenBottomCommandTests {
    @Test("Says how far apart the columns stay when --max-crop cannot level them; refuses horizontal boards")
    func messages() throws {
        let folder = try TemporaryFolder()
        let samples = Fixture.path("samples")
        let partial = try ToolRun.pinboard(["--even-bottom", "--max-crop", "1", "-w", "300", "-o", "a.png", samples], in: folder.path)
        #expect(partial.status == 0)
        #expect(partial.stderr.hasPrefix("Warning: --even-bottom levelled the columns to within "), "\(partial.stderr)")
        let horizontal = try ToolRun.pinboard(["--even-bottom", "--direction", "horizontal", samples], in: folder.path)
        #expect(horizontal.status == 2)
        let tooMuch = try ToolRun.pinboard(["--even-bottom", "--max-crop", "60", samples], in: folder.path)
        #expect(tooMuch.status == 2)
    }
}
