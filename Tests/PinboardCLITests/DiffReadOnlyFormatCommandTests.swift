import TestSupport
import Testing

/// `pinboard diff` of two GIF or two HEIC files: images without a manifest, compared
/// plainly, with the exit status of any plain pair (0 same, 1 changed).
extension DiffCommandTests {
    @Test("diff of a GIF or HEIC file and its copy exits 0; of one with a pixel changed, 1", arguments: [
        ("gif/global.gif", "gif/one-pixel.gif"), ("heif/plain.heic", "heif/one-pixel.heic"),
    ])
    func readOnlyFormats(original: String, changed: String) throws {
        let ending = original.split(separator: ".").last.map(String.init) ?? ""
        try folder.copy([original: "a." + ending, original: "b." + ending, changed: "c." + ending])
        let same = try ToolRun.pinboard(["diff", "a." + ending, "b." + ending], in: folder.path)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stderr.isEmpty, "\(same.stderr)")
        let different = try ToolRun.pinboard(["diff", "a." + ending, "c." + ending], in: folder.path)
        #expect(different.status == 1, "\(different.stderr)")
    }

    @Test("diff of a text file named .gif exits 2: it cannot read the sheet")
    func textNamedGIF() throws {
        try folder.copy(["gif/text.gif": "a.gif", "gif/global.gif": "b.gif"])
        let run = try ToolRun.pinboard(["diff", "a.gif", "b.gif"], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: a.gif: cannot read the sheet: "), "\(run.stderr)")
    }
}
