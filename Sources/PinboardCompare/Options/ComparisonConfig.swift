import Foundation

/// Settings per name, from a JSON file (`pinboard diff --config FILE`): defaults for every
/// name, and rules that judge the names their glob matches by other settings.
///
/// ```json
/// {
///   "defaults": {"thresholdColor": 0.1, "ignoreAntialiasing": true},
///   "rules": [
///     {"match": "login/*", "maxDiffPixels": 40, "ignore": ["0,0,120x24"]},
///     {"match": "*.chart.png", "alphaBackground": "checkerboard"}
///   ]
/// }
/// ```
///
/// The keys are the settings' spellings in camelCase (`ComparisonSetting.configKey`). The
/// command line's options override `defaults`; the first rule whose `match` fits a name
/// overrides both, for that name.
public struct ComparisonConfig: Sendable {
    /// The largest settings file read, in bytes.
    public static let byteLimit = 4 << 20
    /// The deepest nesting of arrays and objects read.
    public static let depthLimit = 32

    public var defaults: SettingLayer
    public var rules: [(pattern: NamePattern, layer: SettingLayer)]

    public init(defaults: SettingLayer = SettingLayer(), rules: [(pattern: NamePattern, layer: SettingLayer)] = []) {
        self.defaults = defaults
        self.rules = rules
    }

    /// The options of a run: the built-in defaults, this file's `defaults` over them, the
    /// command line over those, and each rule over the result.
    public func options(under commandLine: SettingLayer, base: ComparisonOptions = ComparisonOptions()) -> ComparisonOptions {
        var options = commandLine.laid(over: defaults.laid(over: base))
        options.rules = rules.map { SettingRule(pattern: $0.pattern, options: $0.layer.laid(over: options)) }
        return options
    }

    /// Reads the settings file at `path`.
    ///
    /// - Throws: `CompareError.badConfig` naming the file and the problem: the key at fault
    ///   for an unknown key or a bad value.
    public static func read(file path: String) throws(CompareError) -> ComparisonConfig {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .badConfig(path: path, .unreadable) }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: byteLimit + 1) ?? Data()
        } catch {
            throw .badConfig(path: path, .unreadable)
        }
        do throws(ConfigProblem) {
            return try parse(data)
        } catch {
            throw .badConfig(path: path, error)
        }
    }

    /// Parses a settings file's bytes: size and depth checked before the JSON is parsed.
    public static func parse(_ data: Data) throws(ConfigProblem) -> ComparisonConfig {
        guard data.count <= byteLimit else { throw .tooLarge(bytes: data.count, limit: byteLimit) }
        guard JSONValue.depth(of: data, limit: depthLimit) <= depthLimit else { throw .tooDeep(limit: depthLimit) }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .notJSON("\(error)")
        }
        let top = try object(document, key: "the file", known: ["defaults", "rules"])
        var config = ComparisonConfig()
        if let defaults = top["defaults"] {
            config.defaults = try layer(object(defaults, key: "defaults", known: settingKeys), path: "defaults")
        }
        if let rules = top["rules"] {
            guard case .array(let items) = rules else { throw .badValue(key: "rules", expected: "a list of objects") }
            for (index, item) in items.enumerated() {
                let path = "rules[\(index)]"
                let fields = try object(item, key: path, known: ["match"] + settingKeys)
                guard let match = fields["match"] else { throw .missingMatch(rule: index) }
                guard case .string(let glob) = match, !glob.isEmpty else {
                    throw .badValue(key: path + ".match", expected: "a name or glob")
                }
                config.rules.append((NamePattern(glob), try layer(fields, path: path)))
            }
        }
        return config
    }

    private static var settingKeys: [String] { ComparisonSetting.all.map(\.configKey) }

    /// `value` as an object whose keys are all among `known`.
    private static func object(_ value: JSONValue, key: String, known: [String]) throws(ConfigProblem) -> [String: JSONValue] {
        guard case .object(let fields) = value else { throw .badValue(key: key, expected: "an object") }
        let prefix = key == "the file" ? "" : key + "."
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw .unknownKey(prefix + unknown, known: known)
        }
        return fields
    }

    /// The settings an object gives, each read and checked against its bounds.
    private static func layer(_ fields: [String: JSONValue], path: String) throws(ConfigProblem) -> SettingLayer {
        var layer = SettingLayer()
        for setting in ComparisonSetting.all {
            guard let value = fields[setting.configKey] else { continue }
            let key = path + "." + setting.configKey
            var read = true
            layer.set(setting) { read = setting.read(value, &$0) }
            guard read else { throw .badValue(key: key, expected: setting.expected) }
            if setting.violation(in: layer.values) != nil {
                throw .badValue(key: key, expected: setting.expectation)
            }
        }
        return layer
    }
}
