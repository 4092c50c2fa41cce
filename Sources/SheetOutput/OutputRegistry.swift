import ImageInput

/// The formats pinboard writes, in the order help lists them, and the one place that
/// finds a format by its name, its file ending or a finished output.
public struct OutputRegistry: Sendable {
    public let formats: [SheetFormat]

    public init(_ kinds: [any OutputKind.Type]) {
        formats = kinds.map(SheetFormat.init)
    }

    /// The format `--format` calls `name`.
    public func format(named name: String) -> SheetFormat? {
        formats.first { $0.name == name }
    }

    /// The format a file name's ending asks for, in any case (`board.JPG`); nil for an
    /// ending no format has, or none.
    public func format(fileName: String) -> SheetFormat? {
        guard let ending = Self.ending(of: fileName) else { return nil }
        return formats.first { $0.fileExtensions.contains(ending) }
    }

    /// The format whose files `input` reads, by the input registry's identity of the
    /// format (its type), never its name; nil for a format pinboard reads but does not write.
    public func format(readBy input: any ImageFormat.Type) -> SheetFormat? {
        formats.first { format in
            guard case .content(let reader) = format.kind.recognition else { return false }
            return ObjectIdentifier(reader) == ObjectIdentifier(input)
        }
    }

    /// The format of the output at `path` told by the path alone: a pyramid's.
    public func format(recognisingPath path: String) -> SheetFormat? {
        formats.first { format in
            guard case .path(let recognises) = format.kind.recognition else { return false }
            return recognises(path)
        }
    }

    /// The ending of a file name after its last dot, lowercased; nil when its last part has no dot.
    static func ending(of fileName: String) -> String? {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        return fileName[fileName.index(after: dot)...].lowercased()
    }
}
