import Foundation

/// Why an output could not be written, with the path it was for.
///
/// The reason stays a value until a message is wanted: the system's error number, the
/// missing folder, or what an encoder said, so callers match a case, not a sentence.
public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A system call failed with this `errno`.
        case system(errno: Int32)
        /// The output's folder does not exist.
        case missingFolder(String)
        /// A folder on the way to the output could not be made (`mkdir` failed with this `errno`).
        case cannotCreateFolder(String, errno: Int32)
        /// The output makes no sense for what it would hold (a diff sheet of two folders).
        case refused(String)
        /// The encoder or whatever else produced the bytes failed, in its own words.
        case encoder(String)

        public var description: String {
            switch self {
            case .system(let code): String(cString: strerror(code))
            case .missingFolder(let folder): "the folder \(folder) does not exist"
            case .cannotCreateFolder(let folder, let code): "cannot create the folder \(folder): \(String(cString: strerror(code)))"
            case .refused(let why), .encoder(let why): why
            }
        }
    }

    /// The output's name: a path, or a stand-in such as `<stdout>` or `<memory>`.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot write: \(reason)" }
}
