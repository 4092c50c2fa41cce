import Foundation
import FuzzSupport
import PinboardCompare

/// `pinboard diff --config`'s settings file: the size and depth limits checked on the raw
/// bytes before the JSON parser sees them, every key and value checked, and a parsed
/// file's rules matched against names as a folder diff matches them.
@main
enum Target {
    static func main() {
        let names = ["login/dark.png", "home.png", "a/b/c.png", ""]
        FuzzMain.run { bytes in
            guard let config = try? ComparisonConfig.parse(Data(bytes)) else { return }
            let options = config.options(under: SettingLayer())
            for name in names {
                _ = config.rules.first { $0.pattern.matches(name) }
            }
            if options.rules.count != config.rules.count {
                fatalError("fuzz: \(config.rules.count) rules became \(options.rules.count)")
            }
        }
    }
}
