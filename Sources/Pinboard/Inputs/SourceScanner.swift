import PinboardIO
/// Turns the command line's file and folder arguments into the list of sources for a sheet.
///
/// Arguments are taken in order. A file argument is a source as given, whatever its
/// extension, because naming a file is asking for it. A folder argument adds the image
/// files inside it, in `NaturalOrder` of their paths relative to the folder; an image file
/// is one whose extension, compared case-insensitively, is in `imageExtensions`.
///
/// Inside a folder argument:
/// - names starting with `.` are hidden and skipped, files and folders alike (a hidden
///   folder given as an argument is still scanned, since it was asked for);
/// - subfolders are scanned only when `recursive` is set;
/// - a symbolic link to a file counts as that file, and a link whose target is missing is
///   a problem if its name looks like an image;
/// - a symbolic link to a folder is never descended into, as `find` and `rsync -r` do not
///   by default: that rules out loops and a sheet that silently pulls in a whole other
///   tree. With `recursive` each such link is a problem, so the user hears of the folder
///   left out. A folder argument that is itself a link is followed, since it was asked for;
/// - a name that is not UTF-8 is found all the same: the source is named by the
///   `PathSpelling` of its bytes and opened through them.
///
/// Nothing here throws: a path that gives no source becomes a `SourceProblem` and
/// scanning goes on, so the caller can warn or fail as `--strict` says.
///
/// ```swift
/// let scan = SourceScanner(recursive: true).scan(["cover.png", "photos/"])
/// // scan.sources: cover.png, photos/img2.png, photos/img10.png, photos/sub/a.png
/// ```
public struct SourceScanner: Sendable {
    /// The extensions, lowercased and without the dot, of the files a folder contributes.
    public let imageExtensions: Set<String>
    /// Extensions of images in formats that are not read, whose files a folder contributes
    /// too, so that each is skipped with a word ("a BMP file; …") instead of vanishing.
    /// The "no images" message leaves them out: they are not what a folder needs.
    public let namedExtensions: Set<String>
    /// Whether folders contribute the images in their subfolders too.
    public let recursive: Bool

    /// - Parameters:
    ///   - imageExtensions: Extensions of image files, with or without a leading dot, in
    ///     any case: `["png"]` today, `["png", "jpg", "jpeg"]` once JPEG decodes.
    ///   - namedExtensions: Extensions of images that are taken only to be named as not
    ///     read (see `namedExtensions`).
    ///   - recursive: Whether to descend into subfolders of folder arguments.
    public init(imageExtensions: Set<String> = ["png"], namedExtensions: Set<String> = [], recursive: Bool = false) {
        self.imageExtensions = Set(imageExtensions.map { Self.extensionKey($0) })
        self.namedExtensions = Set(namedExtensions.map { Self.extensionKey($0) })
        self.recursive = recursive
    }

    /// Finds the sources that `arguments` name.
    ///
    /// - Parameter arguments: Paths of files and folders, as the user gave them.
    /// - Returns: The sources in sheet order, and the problems met on the way.
    public func scan(_ arguments: [String]) -> SourceScan {
        var scan = SourceScan()
        for argument in arguments {
            switch FileSystem.status(of: argument) {
            case .missing:
                scan.problems.append(SourceProblem(path: argument, reason: .notFound))
            case .brokenLink:
                scan.problems.append(SourceProblem(path: argument, reason: .brokenLink))
            case .unreadable(let detail):
                scan.problems.append(SourceProblem(path: argument, reason: .unreadable(detail)))
            case .folder:
                scanFolder(argument, into: &scan)
            case .file, .other:
                scan.sources.append(Source(path: PathSpelling.spelling(of: argument.utf8), name: nil, location: argument))
            }
        }
        return scan
    }

    /// Adds the images of one folder argument to `scan`, sorted as the type describes.
    ///
    /// Names are read and joined as bytes, so a name that is not UTF-8 is found like any
    /// other; each source is named by the `PathSpelling` of its bytes.
    private func scanFolder(_ argument: String, into scan: inout SourceScan) {
        let base = Array(Self.trimmingTrailingSlashes(argument).utf8)
        let problemsBefore = scan.problems.count
        var images: [(spelling: String, path: [UInt8])] = []
        var pending: [[UInt8]] = [[]]
        while let relativeFolder = pending.popLast() {
            let folderPath = Self.join(base, relativeFolder)
            let names: [[UInt8]]
            do {
                names = try FileSystem.names(in: folderPath)
            } catch {
                scan.problems.append(error)
                continue
            }
            for name in names where name.first != UInt8(ascii: ".") {
                let relativePath = relativeFolder.isEmpty ? name : relativeFolder + [UInt8(ascii: "/")] + name
                let path = Self.join(base, relativePath)
                let problem: ScanReason
                switch FileSystem.status(of: path) {
                case .folder(isLink: false) where recursive:
                    pending.append(relativePath)
                    continue
                case .folder(isLink: true) where recursive:
                    problem = .folderLinkNotFollowed
                case .file where isImage(name):
                    images.append((PathSpelling.spelling(of: relativePath), path))
                    continue
                case .brokenLink where isImage(name):
                    problem = .brokenLink
                case .unreadable(let detail) where recursive || isImage(name):
                    problem = .unreadable(detail)
                case .missing, .brokenLink, .unreadable, .folder, .file, .other:
                    continue
                }
                scan.problems.append(SourceProblem(path: PathSpelling.spelling(of: path), reason: problem))
            }
        }
        if images.isEmpty, scan.problems.count == problemsBefore {
            // A folder of folders without --recursive: say what --recursive would find.
            let below = recursive ? 0 : SourceScanner(
                imageExtensions: imageExtensions, namedExtensions: namedExtensions, recursive: true
            ).scan([argument]).sources.count
            let reason: ScanReason = below > 0 ? .imagesInSubfolders(below) : .noImages(extensions: imageExtensions.sorted())
            scan.problems.append(SourceProblem(path: PathSpelling.spelling(of: base), reason: reason))
        }
        images.sort { NaturalOrder.areInIncreasingOrder($0.spelling, $1.spelling) }
        let baseSpelling = PathSpelling.spelling(of: base)
        for image in images {
            do {
                let location = try FileSystem.location(of: image.path)
                scan.sources.append(Source(path: Self.join(baseSpelling, image.spelling), name: image.spelling, location: location))
            } catch {
                scan.problems.append(error)
            }
        }
    }

    private func isImage(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else {
            return false
        }
        let key = Self.extensionKey(String(decoding: name[(dot + 1)...], as: UTF8.self))
        return imageExtensions.contains(key) || namedExtensions.contains(key)
    }

    /// The folder argument without trailing slashes, so joined paths have single ones;
    /// the root `/` stays as it is.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") {
            trimmed.removeLast()
        }
        return String(trimmed)
    }

    private static func join(_ base: String, _ relativePath: String) -> String {
        String(decoding: join(Array(base.utf8), Array(relativePath.utf8)), as: UTF8.self)
    }

    private static func join(_ base: [UInt8], _ relativePath: [UInt8]) -> [UInt8] {
        if relativePath.isEmpty {
            return base
        }
        return base.last == UInt8(ascii: "/") ? base + relativePath : base + [UInt8(ascii: "/")] + relativePath
    }

    /// An extension as the scanner compares it: lowercased, without a leading dot.
    private static func extensionKey(_ spelling: some StringProtocol) -> String {
        String(spelling.drop { $0 == "." }).lowercased()
    }
}
