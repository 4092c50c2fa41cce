import PinboardIO

/// How an output kind's sink is made, which also says whether the kind is one file or a
/// folder: a file's sink writes to any descriptor (an atomic file, standard output, a
/// temporary file for memory), while a pyramid is a folder of files that its sink renames
/// into place itself and that no descriptor can hold.
public enum OutputWriting: Sendable {
    /// One file: the sink writing `settings` to `fileDescriptor`, named `name` in errors,
    /// encoding on up to `threads` threads where the format can use several.
    case stream(@Sendable (_ settings: EncodeSettings, _ fileDescriptor: Int32, _ name: String, _ threads: Int) -> any SheetSink)
    /// A folder of files (a pyramid): the sink writing `settings` at `path`.
    ///
    /// - Throws: `WriteError` naming `path` when the folder cannot be made there.
    case folder(@Sendable (_ settings: EncodeSettings, _ path: String) throws(WriteError) -> any SheetSink)
}
