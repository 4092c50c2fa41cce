import Foundation
import TestSupport
import Testing

/// `--update` in `--json`, and an update killed outright (SIGKILL) part way through many
/// goldens: each golden is then A's old bytes or B's new ones, never a part.
extension UpdateGoldensCommandTests {
    @Test("--json --update lists each golden written or removed, and whether failures remain")
    func jsonUpdate() throws {
        let run = try ToolRun.pinboard(["diff", "--json", "--update=changed", "--prune", a, b])
        #expect(run.status == 1, "only in B remain")
        let object = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        let updated = try #require(object["updated"] as? [[String: String]])
        #expect(updated == [
            ["name": "changed.png", "action": "rewritten", "path": a + "/changed.png"],
            ["name": "sub/deep.png", "action": "rewritten", "path": a + "/sub/deep.png"],
            ["name": "gone.png", "action": "removed", "path": a + "/gone.png"],
        ])
        #expect(object["failsAfterUpdate"] as? Bool == true)
        let all = try ToolRun.pinboard(["diff", "--json", "--update", a, b])
        let after = try #require(try JSONSerialization.jsonObject(with: all.output) as? [String: Any])
        #expect((after["updated"] as? [[String: String]])?.map { $0["action"] } == ["added", "added"])
        #expect(after["failsAfterUpdate"] as? Bool == false)
        #expect(all.status == 0)
        let plain = try ToolRun.pinboard(["diff", "--json", a, b])
        let untouched = try #require(try JSONSerialization.jsonObject(with: plain.output) as? [String: Any])
        #expect(untouched["updated"] == nil && untouched["failsAfterUpdate"] == nil, "no update, no keys")
    }

    @Test("SIGKILL at many moments of an update of 120 goldens leaves each old or new, never partial")
    func killedUpdate() throws {
        try folder.folders("many/a", "many/b")
        let (manyA, manyB) = (folder.path + "/many/a", folder.path + "/many/b")
        var random = SplitMix64(seed: 27)
        var old: [String: Data] = [:]
        var new: [String: Data] = [:]
        for index in 0..<120 {
            let name = "shot-\(index).png"
            // Noise does not deflate, so each golden is some 64 KB to copy.
            let pixels = (0..<(128 * 128 * 4)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var changed = pixels
            changed[index * 4] ^= 0xff
            try RGBAPNG.write(pixels, width: 128, to: manyA + "/" + name)
            try RGBAPNG.write(changed, width: 128, to: manyB + "/" + name)
            old[name] = bytes(manyA + "/" + name)
            new[name] = bytes(manyB + "/" + name)
        }
        let reference = try ToolRun.pinboard(["diff", "-q", manyA, manyB])
        #expect(reference.status == 1)
        var killedMidUpdate = 0
        for point in 0..<12 {
            // A golden replaced by a rename has a new inode: the kill waits until some of
            // them have been (more each time), so it lands while the goldens are written
            // whatever the machine's speed.
            let before = Dictionary(uniqueKeysWithValues: old.keys.map { ($0, inode(manyA + "/" + $0)) })
            let target = 1 + point * 9
            let process = Process()
            process.executableURL = ToolRun.executable
            process.arguments = ["diff", "-q", "--update", manyA, manyB]
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning, before.filter({ inode(manyA + "/" + $0.key) != $0.value }).count < target {
                usleep(200)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            var updated = 0
            for (name, oldBytes) in old {
                let now = bytes(manyA + "/" + name)
                #expect(now == oldBytes || now == new[name], "\(name) after kill \(point)")
                updated += now == new[name] ? 1 : 0
            }
            if updated > 0 && updated < old.count { killedMidUpdate += 1 }
            // Back to the old goldens for the next kill.
            for (name, oldBytes) in old where updated > 0 {
                try oldBytes.write(to: URL(fileURLWithPath: manyA + "/" + name))
            }
        }
        #expect(killedMidUpdate > 0, "no kill landed while the goldens were being written")
        let final = try ToolRun.pinboard(["diff", "-q", "--update", manyA, manyB])
        #expect(final.status == 0)
        #expect(try ToolRun.pinboard(["diff", "-q", manyA, manyB]).status == 0, "leftover temporary files are no goldens")
    }

    /// The inode of the file at `path`, 0 when there is none.
    private func inode(_ path: String) -> UInt64 {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }
}
