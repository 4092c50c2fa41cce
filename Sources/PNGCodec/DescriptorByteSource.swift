/// An open file as the text reader's source, its read failures worded as `CodecError`'s.
struct DescriptorByteSource: PNGByteSource {
    let file: FileBytes

    init(fileDescriptor: Int32) {
        file = FileBytes(fileDescriptor: fileDescriptor)
    }

    func read(at offset: Int, count: Int) throws(CodecError.Reason) -> [UInt8] {
        do {
            return try file.read(at: offset, count: count)
        } catch {
            switch error {
            case .isDirectory: throw .isDirectory
            case .readFailed(let code): throw .readFailed(errno: code)
            }
        }
    }
}
