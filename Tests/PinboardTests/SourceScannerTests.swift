import Foundation
import Pinboard
import PinboardIO
import TestSupport
import Testing

@Suite("Source scanner")
struct SourceScannerTests {
    let folder: TemporaryFolder
    /// Where the test's files live: the temporary folder's path, shortened in expectations.
    let root: String

    init() throws {
        folder = try TemporaryFolder()
        root = folder.path
    }

    /// The sources' paths with the temporary root cut off, for readable expectations.
    func paths(_ scan: SourceScan) -> [String] {
        scan.sources.map { $0.path.hasPrefix(root + "/") ? String($0.path.dropFirst(root.count + 1)) : $0.path }
    }

    @Test("A folder gives its images in natural order")
    func naturalOrderInFolder() throws {
        try folder.files("photos/img10.png", "photos/img2.png", "photos/IMG1.png", "photos/img01.png")
        let scan = SourceScanner().scan([root + "/photos"])
        #expect(paths(scan) == ["photos/IMG1.png", "photos/img01.png", "photos/img2.png", "photos/img10.png"])
        #expect(scan.problems.isEmpty)
    }

    @Test("Hidden files and folders are skipped")
    func hiddenSkipped() throws {
        try folder.files("photos/a.png", "photos/.b.png", "photos/.cache/c.png", "photos/sub/.d.png", "photos/sub/e.png")
        let scan = SourceScanner(recursive: true).scan([root + "/photos"])
        #expect(paths(scan) == ["photos/a.png", "photos/sub/e.png"])
    }

    @Test("A hidden folder given as an argument is scanned")
    func hiddenArgument() throws {
        try folder.files(".photos/a.png")
        #expect(paths(SourceScanner().scan([root + "/.photos"])) == [".photos/a.png"])
    }

    @Test("Subfolders only with recursive", arguments: [false, true])
    func recursion(recursive: Bool) throws {
        try folder.files("photos/b.png", "photos/sub/deeper/c.png", "photos/sub/a.png", "photos/z/a.png")
        let scan = SourceScanner(recursive: recursive).scan([root + "/photos"])
        let expected = recursive
            ? ["photos/b.png", "photos/sub/a.png", "photos/sub/deeper/c.png", "photos/z/a.png"]
            : ["photos/b.png"]
        #expect(paths(scan) == expected)
    }

    @Test("A folder whose images are all in subfolders says how many --recursive would take")
    func imagesOnlyInSubfolders() throws {
        try folder.files("trips/oslo/a.png", "trips/oslo/b.png", "trips/rome/c.png", "empty/notes.txt")
        let scan = SourceScanner().scan([root + "/trips", root + "/empty"])
        #expect(scan.sources.isEmpty)
        #expect(scan.problems.map(\.reason) == [.imagesInSubfolders(3), .noImages(extensions: ["png"])])
        #expect(SourceScanner(recursive: true).scan([root + "/trips"]).problems.isEmpty)
    }

    @Test("Subfolder paths sort as a whole, the separator first")
    func relativePathOrder() throws {
        try folder.files("photos/a.png", "photos/a/z.png", "photos/a-b.png", "photos/a10/x.png", "photos/a2/x.png")
        let scan = SourceScanner(recursive: true).scan([root + "/photos"])
        #expect(paths(scan) == ["photos/a/z.png", "photos/a-b.png", "photos/a.png", "photos/a2/x.png", "photos/a10/x.png"])
    }

    @Test("Extensions match case-insensitively")
    func extensionCase() throws {
        try folder.files("p/a.PNG", "p/b.Png", "p/c.png", "p/d.jpg", "p/e.pngx", "p/png", "p/f.png.txt")
        #expect(paths(SourceScanner().scan([root + "/p"])) == ["p/a.PNG", "p/b.Png", "p/c.png"])
    }

    @Test("The extension set is a parameter, spelled in any case, with or without the dot")
    func extensionSet() throws {
        try folder.files("p/a.png", "p/b.JPG", "p/c.jpeg", "p/d.gif")
        let scanner = SourceScanner(imageExtensions: ["png", ".JPG", "Jpeg"])
        #expect(scanner.imageExtensions == ["png", "jpg", "jpeg"])
        #expect(paths(scanner.scan([root + "/p"])) == ["p/a.png", "p/b.JPG", "p/c.jpeg"])
    }

    @Test("Arguments keep their order; folders do not merge")
    func argumentOrder() throws {
        try folder.files("b/2.png", "b/1.png", "cover.txt", "a/1.png")
        let scan = SourceScanner().scan([root + "/b", root + "/cover.txt", root + "/a", root + "/b/1.png"])
        #expect(paths(scan) == ["b/1.png", "b/2.png", "cover.txt", "a/1.png", "b/1.png"])
    }

    @Test("A file argument is kept as given, whatever its name")
    func fileAsGiven() throws {
        try folder.files("notes.txt", ".hidden.png")
        let arguments = [root + "/./notes.txt", root + "//.hidden.png"]
        #expect(SourceScanner().scan(arguments).sources.map(\.path) == arguments)
    }

    @Test("A folder argument keeps its spelling, trailing slashes dropped", arguments: [
        ("/p", "/p/a.png"), ("/p/", "/p/a.png"), ("/p///", "/p/a.png"), ("/./p/", "/./p/a.png"),
    ])
    func folderSpelling(argument: String, source: String) throws {
        try folder.files("p/a.png")
        #expect(SourceScanner().scan([root + argument]).sources.map(\.path) == [root + source])
    }

    @Test("Missing arguments are problems, and scanning goes on")
    func missingArgument() throws {
        try folder.files("a.png")
        let scan = SourceScanner().scan([root + "/gone.png", root + "/a.png", root + "/gone/"])
        #expect(paths(scan) == ["a.png"])
        #expect(scan.problems == [
            SourceProblem(path: root + "/gone.png", reason: .notFound),
            SourceProblem(path: root + "/gone/", reason: .notFound),
        ])
    }

    @Test("A path through a file is unreadable, with the system's reason")
    func pathThroughFile() throws {
        try folder.files("a.png")
        let scan = SourceScanner().scan([root + "/a.png/b.png"])
        #expect(scan.sources.isEmpty)
        #expect(scan.problems == [SourceProblem(path: root + "/a.png/b.png", reason: .unreadable("Not a directory"))])
    }

    @Test("A folder without images is a problem")
    func emptyFolder() throws {
        try folder.files("empty/notes.txt", "empty/.hidden.png", "empty/sub/notes.txt")
        let scan = SourceScanner().scan([root + "/empty/"])
        #expect(scan.sources.isEmpty)
        #expect(scan.problems == [SourceProblem(path: root + "/empty", reason: .noImages(extensions: ["png"]))])
        #expect(scan.problems.first?.description == root + "/empty: no .png files found")
    }

    @Test("Files of formats only named are taken in order, but the no-images message lists only those read")
    func namedExtensions() throws {
        try folder.files("mixed/b.BMP", "mixed/a.png", "mixed/c.txt", "bmps/x.bmp")
        let scanner = SourceScanner(imageExtensions: ["png"], namedExtensions: [".bmp"])
        #expect(scanner.scan([root + "/mixed"]).sources.map(\.name) == ["a.png", "b.BMP"])
        let onlyNamed = scanner.scan([root + "/bmps"])
        #expect(onlyNamed.sources.map(\.name) == ["x.bmp"])
        #expect(onlyNamed.problems.isEmpty)
        try folder.files("none/c.txt")
        #expect(scanner.scan([root + "/none"]).problems
            == [SourceProblem(path: root + "/none", reason: .noImages(extensions: ["png"]))])
    }

    @Test("Links to files are followed; broken links that look like images are problems")
    func fileLinks() throws {
        try folder.files("elsewhere/real.png", "photos/a.png")
        try folder.link("photos/b.png", to: "../elsewhere/real.png")
        try folder.link("photos/c.png", to: "missing.png")
        try folder.link("photos/notes", to: "missing.txt")
        let scan = SourceScanner().scan([root + "/photos", root + "/photos/c.png"])
        #expect(paths(scan) == ["photos/a.png", "photos/b.png"])
        #expect(scan.problems == [
            SourceProblem(path: root + "/photos/c.png", reason: .brokenLink),
            SourceProblem(path: root + "/photos/c.png", reason: .brokenLink),
        ])
    }

    @Test("Links to folders are not descended into, so a loop cannot trap the scan; each is a problem")
    func folderLinks() throws {
        try folder.files("photos/a.png", "elsewhere/b.png")
        try folder.link("photos/loop", to: ".")
        try folder.link("photos/other", to: "../elsewhere")
        let scan = SourceScanner(recursive: true).scan([root + "/photos"])
        #expect(paths(scan) == ["photos/a.png"])
        #expect(Set(scan.problems) == [
            SourceProblem(path: root + "/photos/loop", reason: .folderLinkNotFollowed),
            SourceProblem(path: root + "/photos/other", reason: .folderLinkNotFollowed),
        ])
        #expect(SourceScanner().scan([root + "/photos"]).problems.isEmpty, "without --recursive no folder is expected")
    }

    @Test("A loop of symbolic links is a problem, whatever its names")
    func linkLoop() throws {
        try folder.files("photos/a.png")
        try folder.link("photos/x.png", to: "y.png")
        try folder.link("photos/y.png", to: "x.png")
        try folder.link("photos/d1", to: "d2")
        try folder.link("photos/d2", to: "d1")
        let scan = SourceScanner(recursive: true).scan([root + "/photos"])
        #expect(paths(scan) == ["photos/a.png"])
        let loop = ScanReason.unreadable("Too many levels of symbolic links")
        #expect(Set(scan.problems) == Set(["d1", "d2", "x.png", "y.png"].map { SourceProblem(path: root + "/photos/" + $0, reason: loop) }))
    }

    @Test("A name that is not UTF-8 is found, spelled with \\xNN, and opens")
    func nonUTF8Name() throws {
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
        try folder.file(named: latin1, in: "photos", contents: Data("x".utf8))
        try folder.file(named: [0xFF, 0x2E, 0x70, 0x6E, 0x67], in: "photos/sub\\dir")
        try folder.files("photos/b.png")
        let scan = SourceScanner(recursive: true).scan([root + "/photos"])
        #expect(paths(scan) == ["photos/b.png", "photos/caf\\xE9.png", "photos/sub\\\\dir/\\xFF.png"])
        #expect(scan.sources.map(\.name) == ["b.png", "caf\\xE9.png", "sub\\\\dir/\\xFF.png"])
        #expect(scan.problems.isEmpty)
        let latin1Source = scan.sources[1]
        #expect(latin1Source.location.hasPrefix("/proc/self/fd/"))
        #expect(try String(contentsOfFile: latin1Source.location, encoding: .utf8) == "x")
        #expect(scan.sources[2].location.hasPrefix("/proc/self/fd/"))
        #expect(scan.sources[0].location == scan.sources[0].path)
    }

    @Test("A folder of 100,000 entries gives every image, in natural order",
          .enabled(if: ProcessInfo.processInfo.environment["PINBOARD_SCALE_TESTS"] == "1", "a minute in a debug build; set PINBOARD_SCALE_TESTS=1"))
    func hundredThousandEntries() throws {
        let photos = try folder.folder("many")
        for index in 0..<100_000 {
            let name = index % 10 == 0 ? "img\(index).png" : "note\(index).txt"
            guard FileManager.default.createFile(atPath: photos + "/" + name, contents: nil) else {
                Issue.record("cannot create \(name)")
                return
            }
        }
        let scan = SourceScanner().scan([photos])
        #expect(scan.problems.isEmpty)
        #expect(scan.sources.map(\.name) == (0..<10_000).map { "img\($0 * 10).png" })
    }

    @Test("A folder argument that is a link is followed")
    func linkedFolderArgument() throws {
        try folder.files("elsewhere/b.png")
        try folder.link("photos", to: "elsewhere")
        #expect(paths(SourceScanner().scan([root + "/photos"])) == ["photos/b.png"])
    }

    @Test("An unreadable folder is a problem", .enabled(if: getuid() != 0, "root reads every folder"))
    func unreadableFolder() throws {
        try folder.files("locked/a.png")
        let locked = root + "/locked"
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        let scan = SourceScanner().scan([locked])
        #expect(scan.sources.isEmpty)
        #expect(scan.problems == [SourceProblem(path: locked, reason: .unreadable("Permission denied"))])
    }

    @Test("Problems read as one line naming the path", arguments: [
        (SourceProblem(path: "a.png", reason: .notFound), "a.png: no such file or folder"),
        (SourceProblem(path: "p/b.png", reason: .brokenLink), "p/b.png: symbolic link to a file that does not exist"),
        (SourceProblem(path: "p", reason: .unreadable("Permission denied")), "p: Permission denied"),
        (SourceProblem(path: "p", reason: .noImages(extensions: ["jpg", "png"])), "p: no .jpg or .png files found"),
    ])
    func problemDescriptions(problem: SourceProblem, message: String) {
        #expect(problem.description == message)
    }
}
