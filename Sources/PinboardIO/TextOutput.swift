import Foundation

/// Writes text files as sheets are written (`OutputFile`): a manifest, a report, a board page.
package enum TextOutput {
    /// Writes `text` as UTF-8 to `path`: a file replaced only once complete, a device or
    /// FIFO written through (`OutputFile`).
    package static func write(_ text: String, to path: String) throws(WriteError) {
        let output = try OutputFile(destination: path)
        try write(text, toFileDescriptor: output.fileDescriptor, name: path)
        try output.commit()
    }

    /// Writes `text` as UTF-8 to an open descriptor, all of it; `name` is what errors report.
    package static func write(_ text: String, toFileDescriptor fd: Int32, name: String) throws(WriteError) {
        try DescriptorOutput.write(Array(text.utf8), toFileDescriptor: fd, name: name)
    }
}
