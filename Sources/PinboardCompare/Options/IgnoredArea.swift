import Foundation
import Geometry

/// A rectangle whose pixels never count, inside every image whose name matches `pattern`:
/// a clock, an avatar, an ad slot.
///
/// The rect is in the image's own pixels, its top-left corner at (0, 0): a tile as it is
/// drawn on the sheet, a file as it is upright, a plain image as it is. On the command line
/// `--ignore NAME_OR_GLOB:X,Y,WxH`; in a file (`--ignore-file`), a JSON array of objects:
///
/// ```json
/// [
///   {"name": "login.png", "x": 10, "y": 0, "width": 120, "height": 24},
///   {"name": "*", "x": 0, "y": 0, "width": 64, "height": 16}
/// ]
/// ```
public struct IgnoredArea: Sendable, Hashable, Codable {
    public var pattern: NamePattern
    public var rect: Rect

    public init(pattern: NamePattern, rect: Rect) {
        self.pattern = pattern
        self.rect = rect
    }

    /// Parses `NAME_OR_GLOB:X,Y,WxH`; the name is what comes before the last colon, so it
    /// may hold colons itself. Nil when the text does not have that shape or a side is not
    /// positive.
    public init?(argument: String) {
        guard let colon = argument.lastIndex(of: ":") else { return nil }
        let name = String(argument[..<colon])
        let numbers = argument[argument.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
        guard !name.isEmpty, numbers.count == 3 else { return nil }
        let size = numbers[2].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let x = Int(numbers[0]), let y = Int(numbers[1]), let width = Int(size[0]), let height = Int(size[1]),
              x >= 0, y >= 0, width > 0, height > 0 else { return nil }
        self.init(pattern: NamePattern(name), rect: Rect(x: x, y: y, width: width, height: height))
    }

    /// The area as `--ignore` spells it, `NAME_OR_GLOB:X,Y,WxH`: what `init?(argument:)` reads.
    public var spelling: String {
        "\(pattern):\(rect.x),\(rect.y),\(rect.width)x\(rect.height)"
    }

    /// The areas of an ignore file (see the type's discussion).
    ///
    /// - Throws: `CompareError.badIgnoreFile` naming the file and what is wrong with it.
    public static func read(file path: String) throws(CompareError) -> [IgnoredArea] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .badIgnoreFile(path: path, reason: "cannot read it")
        }
        let areas: [IgnoredArea]
        do {
            areas = try JSONDecoder().decode([IgnoredArea].self, from: data)
        } catch {
            throw .badIgnoreFile(path: path, reason: "not a JSON array of {name, x, y, width, height}: \(error)")
        }
        if let index = areas.firstIndex(where: { area in
            area.rect.x < 0 || area.rect.y < 0 || area.rect.isEmpty || area.pattern.text.isEmpty
        }) {
            throw .badIgnoreFile(path: path, reason: "entry \(index) needs a name, x and y of 0 or more, width and height over 0")
        }
        return areas
    }

    /// The rects of `areas` that apply to an image known by any of `names` (a plain
    /// pair's two file names), each area once.
    static func rects(in areas: [IgnoredArea], for names: String...) -> [Rect] {
        areas.filter { area in names.contains { area.pattern.matches($0) } }.map(\.rect)
    }

    private enum CodingKeys: String, CodingKey {
        case name, x, y, width, height
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pattern = NamePattern(try container.decode(String.self, forKey: .name))
        rect = Rect(
            x: try container.decode(Int.self, forKey: .x), y: try container.decode(Int.self, forKey: .y),
            width: try container.decode(Int.self, forKey: .width), height: try container.decode(Int.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pattern.text, forKey: .name)
        try container.encode(rect.x, forKey: .x)
        try container.encode(rect.y, forKey: .y)
        try container.encode(rect.width, forKey: .width)
        try container.encode(rect.height, forKey: .height)
    }
}
