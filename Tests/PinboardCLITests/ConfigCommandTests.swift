import Foundation
import TestSupport
import Testing

/// `pinboard diff --config FILE`: settings per name, the command line over the file's
/// defaults, the first matching rule over both, and the errors that name the key.
extension DiffOptionsCommandTests {
    /// Folders a and b with login/dark.png, forms/card.png and home.png, each with three
    /// pixels changed in B.
    func threeChanged() throws -> (a: String, b: String) {
        try folder.folders("a/login", "b/login", "a/forms", "b/forms")
        for name in ["login/dark.png", "forms/card.png", "home.png"] {
            _ = try RGBAPNG.write(Self.white(8, 8), width: 8, named: "a/" + name, in: folder)
            _ = try RGBAPNG.write(Self.red(Self.white(8, 8), width: 8, at: [(0, 0), (1, 0), (2, 0)]), width: 8, named: "b/" + name, in: folder)
        }
        return (folder.path + "/a", folder.path + "/b")
    }

    func config(_ text: String) throws -> String {
        let path = folder.path + "/settings.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let twoGlobs = """
        {"defaults": {"maxDiffPixels": 1},
         "rules": [{"match": "login/*", "maxDiffPixels": 3}, {"match": "forms/*", "maxDiffRatio": 0.01}, {"match": "*", "maxDiffPixels": 9}]}
        """

    @Test("A config with two globs and a default: three changed pixels pass within login/*'s budget, fail elsewhere")
    func twoGlobsAndADefault() throws {
        let (a, b) = try threeChanged()
        let file = try config(Self.twoGlobs.replacingOccurrences(of: #", {"match": "*", "maxDiffPixels": 9}"#, with: ""))
        let run = try ToolRun.pinboard(["diff", "--config", file, a, b])
        #expect(run.status == 1)
        #expect(run.stdout == """
            changed   forms/card.png  max 235, 3 of 64 pixels (4.69%), PSNR 16.96 dB
            changed   home.png        max 235, 3 of 64 pixels (4.69%), PSNR 16.96 dB
            changed   login/dark.png  max 235, 3 of 64 pixels (4.69%), PSNR 16.96 dB, within budget
            0 unchanged, 3 changed (1 within budget), 0 only in A, 0 only in B (threshold 0, budget 1 pixels)

            """)
        let json = try ToolRun.pinboard(["diff", "--config", file, "--json", a, b])
        let object = try #require(try JSONSerialization.jsonObject(with: json.output) as? [String: Any])
        let changes = try #require(object["changed"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: changes.compactMap { change in (change["name"] as? String).map { ($0, change) } })
        #expect(byName["login/dark.png"]?["fails"] as? Bool == false)
        #expect(byName["home.png"]?["fails"] as? Bool == true)
        #expect(byName["home.png"]?["rule"] == nil, "judged by the defaults")
        let rule = try #require(byName["login/dark.png"]?["rule"] as? [String: Any])
        #expect(rule["match"] as? String == "login/*")
        #expect(rule["maxDiffPixels"] as? Int == 3)
        let forms = try #require(byName["forms/card.png"]?["rule"] as? [String: Any])
        #expect(forms["maxDiffRatio"] as? Double == 0.01)
        #expect(forms["maxDiffPixels"] as? Int == 1, "the rule gives only the ratio; the pixels budget is the defaults'")
        let rules = try #require((object["options"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["match"] as? String } == ["login/*", "forms/*"])
    }

    @Test("The command line overrides the defaults, even at its default value; the first matching rule wins over both")
    func layering() throws {
        let (a, b) = try threeChanged()
        let file = try config(Self.twoGlobs)
        // The catch-all rule comes after login/* and forms/*: it judges home.png alone.
        let run = try ToolRun.pinboard(["diff", "--config", file, "--max-diff-pixels", "2", a, b])
        #expect(run.status == 1, "forms/card.png: 3 of 64 is over its ratio budget, whatever the pixels budget")
        #expect(run.stdout.contains("home.png        max 235, 3 of 64 pixels (4.69%), PSNR 16.96 dB, within budget"))
        let threshold = try config(#"{"defaults": {"threshold": 250}}"#)
        #expect(try ToolRun.pinboard(["diff", "--config", threshold, a, b]).status == 0)
        #expect(try ToolRun.pinboard(["diff", "--config", threshold, "--threshold", "0", a, b]).status == 1)
    }

    @Test("The HTML and JUnit reports show the settings a rule judged an entry by")
    func reportsShowRules() throws {
        let (a, b) = try threeChanged()
        let file = try config(Self.twoGlobs)
        let html = folder.path + "/report"
        let junit = folder.path + "/junit.xml"
        _ = try ToolRun.pinboard(["diff", "--config", file, "--html", html, "--junit", junit, a, b])
        let page = try String(contentsOfFile: html + "/index.html", encoding: .utf8)
        #expect(page.contains("judged by rule <code>forms/*</code>: threshold 0, max-diff-pixels 1, max-diff-ratio 0.01"))
        #expect(page.contains("judged by rule <code>login/*</code>: threshold 0, max-diff-pixels 3"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("""
            <testcase classname="pinboard.diff" name="login/dark.png">
            <properties>
            <property name="rule" value="login/*"/>
            <property name="threshold" value="0"/>
            <property name="max-diff-pixels" value="3"/>
            </properties>
            </testcase>
            """))
    }

    @Test("Errors of a settings file name the key and exit 2", arguments: [
        (#"{"defaults": {"treshold": 1}}"#, #"unknown key "defaults.treshold""#),
        (#"{"default": {}}"#, #"unknown key "default""#),
        (#"{"rules": [{"match": "a/*", "maxDiffPixels": -1}]}"#, #""rules[0].maxDiffPixels" must be at least 0"#),
        (#"{"rules": [{"maxDiffPixels": 1}]}"#, #"rules[0] needs a "match" glob"#),
        (#"{"defaults": {"threshold": 1.5}}"#, #""defaults.threshold" must be an integer"#),
        (#"{"defaults": {"threshold": 300}}"#, #""defaults.threshold" must be from 0 to 255"#),
        (#"{"defaults": {"alphaBackground": "grey"}}"#, #""defaults.alphaBackground" must be "white" or "checkerboard""#),
        (#"{"defaults": {"ignoreAntialiasing": 1}}"#, #""defaults.ignoreAntialiasing" must be true or false"#),
        (#"{"defaults": {"ignore": ["1,2,0x4"]}}"#, #""defaults.ignore" must be a list of "X,Y,WxH""#),
        (#"{"defaults": {"failOn": ["moved"]}}"#, #""defaults.failOn" must be a list of "changed""#),
        (#"{"rules": {}}"#, #""rules" must be a list of objects"#),
        ("{", "not JSON"),
        (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "nest deeper than 32"),
    ])
    func configErrors(text: String, message: String) throws {
        let (a, b) = try threeChanged()
        let file = try config(text)
        let run = try ToolRun.pinboard(["diff", "--config", file, a, b])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: \(file): cannot use the settings file: "))
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("A settings file over the size limit, or missing, exits 2 before it is parsed")
    func configTooLargeOrMissing() throws {
        let (a, b) = try threeChanged()
        let file = try config(#"{"defaults": {}}"# + String(repeating: " ", count: 5 << 20))
        let large = try ToolRun.pinboard(["diff", "--config", file, a, b])
        #expect(large.status == 2)
        #expect(large.stderr.contains("over the 4194304 a settings file may be"))
        let missing = try ToolRun.pinboard(["diff", "--config", folder.path + "/none.json", a, b])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasSuffix("cannot use the settings file: cannot read it\n"))
    }
}
