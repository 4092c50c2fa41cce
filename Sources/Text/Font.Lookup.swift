#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Font {
    /// DejaVu Sans as the system installs it, or `nil` when it is in none of the usual places.
    ///
    /// The places, in the order they are tried (the first readable file wins), are those
    /// fontconfig's default configuration scans, with the directory each distribution's
    /// package uses:
    ///
    /// 1. `/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf` (Debian, Ubuntu: `fonts-dejavu-core`)
    /// 2. `/usr/share/fonts/dejavu/DejaVuSans.ttf` (older Fedora, openSUSE, Alpine)
    /// 3. `/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf` (Fedora, RHEL)
    /// 4. `/usr/share/fonts/TTF/DejaVuSans.ttf` (Arch: `ttf-dejavu`)
    /// 5. `/usr/local/share/fonts/dejavu/DejaVuSans.ttf`, then `/usr/local/share/fonts/DejaVuSans.ttf`
    /// 6. `$HOME/.local/share/fonts/DejaVuSans.ttf`, then `$HOME/.fonts/DejaVuSans.ttf`
    ///
    /// fontconfig itself is not asked: it would be one more library for one file name.
    package static var defaultPath: String? {
        searchPaths(home: environment("HOME")).first { access($0, R_OK) == 0 }
    }

    /// The places `defaultPath` tries, in order; the last two only when `home` is given.
    package static func searchPaths(home: String?) -> [String] {
        var paths = [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
            "/usr/share/fonts/TTF/DejaVuSans.ttf",
            "/usr/local/share/fonts/dejavu/DejaVuSans.ttf",
            "/usr/local/share/fonts/DejaVuSans.ttf",
        ]
        if let home, !home.isEmpty {
            paths.append(home + "/.local/share/fonts/DejaVuSans.ttf")
            paths.append(home + "/.fonts/DejaVuSans.ttf")
        }
        return paths
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
