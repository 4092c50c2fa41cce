import Foundation
import TestSupport
import Testing

/// An update under a settings file: what still fails after it is judged name by name.
extension UpdateGoldensCommandTests {
    @Test("After --update=changed, files only in B that a rule does not fail on leave the run passing")
    func updateUnderRules() throws {
        let config = folder.path + "/settings.json"
        try Data(#"{"rules": [{"match": "*new.png", "failOn": ["changed"]}]}"#.utf8).write(to: URL(fileURLWithPath: config))
        let run = try ToolRun.pinboard(["diff", "--config", config, "--update=changed", "--prune", a, b])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("updated 3 goldens; nothing left failing\n"))
        #expect(bytes(a + "/new.png") == nil, "not added: --update=changed")
    }
}
