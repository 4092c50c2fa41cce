import Foundation
import Geometry
import Layout
import PNGCodec
import Pinboard
import PinboardCompare
import Raster
import Testing
import TestSupport

@Suite("Comparing two folders of images")
struct FolderComparisonTests {
    /// Writes a `width`×`height` PNG of one opaque colour.
    static func writeSolid(_ path: String, width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) throws {
        let writer = try PNGWriter(to: .path(path), width: width, height: height, channels: .rgb)
        let row = (0..<width).flatMap { _ in [red, green, blue] }
        for _ in 0..<height {
            try row.withUnsafeBytes { try writer.write(rows: $0, stride: row.count, count: 1) }
        }
        try writer.finish()
    }

    /// Two folders with the same three images, `sub/` included.
    static func twins() throws -> (TemporaryFolder, a: String, b: String) {
        let folder = try TemporaryFolder()
        try folder.folders("a/sub", "b/sub")
        for side in ["a", "b"] {
            try writeSolid("\(folder.path)/\(side)/one.png", width: 8, height: 6, red: 200, green: 10, blue: 10)
            try writeSolid("\(folder.path)/\(side)/two.png", width: 5, height: 5, red: 10, green: 200, blue: 10)
            try writeSolid("\(folder.path)/\(side)/sub/three.png", width: 3, height: 7, red: 10, green: 10, blue: 200)
        }
        return (folder, "\(folder.path)/a", "\(folder.path)/b")
    }

    @Test("Identical folders have no differences and count every pair unchanged")
    func identical() throws {
        let (folder, a, b) = try Self.twins()
        let report = try SheetComparer.compareFolders(a, b)
        #expect(report.mode == .folders)
        #expect(!report.hasDifferences)
        #expect(report.unchanged == 3)
        #expect(report.total.pixelCount == 8 * 6 + 5 * 5 + 3 * 7)
        withExtendedLifetime(folder) {}
    }

    @Test("A recoloured file is the one change, with every pixel counted and the PSNR of its error")
    func recoloured() throws {
        let (folder, a, b) = try Self.twins()
        try Self.writeSolid("\(b)/sub/three.png", width: 3, height: 7, red: 10, green: 40, blue: 200)
        let report = try SheetComparer.compareFolders(a, b)
        try #require(report.changes.count == 1)
        let change = report.changes[0]
        #expect(change.name == "sub/three.png")
        #expect(change.b.source == "\(b)/sub/three.png")
        #expect(change.a.rect == nil)
        #expect(change.difference?.changedPixels == 21)
        #expect(change.difference?.maxChannelDifference == 30)
        // One channel of four off by 30: MSE 900 / 4.
        let psnr = try #require(change.difference?.psnr)
        #expect(abs(psnr - 10 * log10(255.0 * 255.0 / 225.0)) < 1e-9)
        #expect(report.unchanged == 2)
        #expect(try !SheetComparer.compareFolders(a, b, threshold: 30).hasDifferences)
        #expect(try SheetComparer.compareFolders(a, b, threshold: 29).hasDifferences)
        withExtendedLifetime(folder) {}
    }

    @Test("Files only on one side are named; a file of another size is resized, compared over the common area")
    func unpairedAndResized() throws {
        let (folder, a, b) = try Self.twins()
        try FileManager.default.removeItem(atPath: "\(b)/two.png")
        try Self.writeSolid("\(b)/four.png", width: 2, height: 2, red: 0, green: 0, blue: 0)
        try Self.writeSolid("\(b)/one.png", width: 8, height: 7, red: 200, green: 10, blue: 10)
        let report = try SheetComparer.compareFolders(a, b)
        #expect(report.onlyInA.map(\.name) == ["two.png"])
        #expect(report.onlyInB.map(\.name) == ["four.png"])
        #expect(report.onlyInB.first?.size == Size(width: 2, height: 2))
        try #require(report.changes.count == 1)
        #expect(report.changes[0].name == "one.png")
        #expect(report.changes[0].isResized)
        #expect(report.changes[0].kind == .resized)
        #expect(report.changes[0].difference?.pixelCount == 8 * 6)
        #expect(report.unchanged == 1)
        withExtendedLifetime(folder) {}
    }

    @Test("A missing folder or a damaged image is an error naming it")
    func unreadable() throws {
        let (folder, a, b) = try Self.twins()
        #expect(throws: CompareError.self) { try SheetComparer.compareFolders(a, "\(folder.path)/missing") }
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(b)/two.png"))
        do {
            _ = try SheetComparer.compareFolders(a, b)
            Issue.record("a damaged image compared")
        } catch {
            #expect(error.description.hasPrefix("\(b)/two.png: cannot read the image"))
        }
        withExtendedLifetime(folder) {}
    }
}
