import FuzzSupport
import Pinboard

/// `--files-from` lists, newline- and NUL-separated: whatever the bytes, every path is
/// non-empty and holds no separator, and there are never more paths than separators + 1.
@main
enum Target {
    static func main() {
        FuzzMain.run { bytes in
            for null in [false, true] {
                let separator: UInt8 = null ? 0 : UInt8(ascii: "\n")
                let paths = SourceList.paths(in: bytes, null: null)
                if paths.count > bytes.filter({ $0 == separator }).count + 1 {
                    fatalError("fuzz: \(paths.count) paths from \(bytes.count) bytes")
                }
                for path in paths where path.isEmpty || path.utf8.contains(separator) {
                    fatalError("fuzz: a path \(path.debugDescription) that is empty or holds its separator")
                }
            }
        }
    }
}
