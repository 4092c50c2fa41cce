import CImageStatus

/// A row reader whose decoding runs in a C shim that answers each call with a status.
///
/// Reading rows, counting them, finishing and reading a failure's message are written once
/// here, so a format gives only its shim's entry points (`calls`) and what a failure means
/// for it (`error(for:errno:while:)`).
package protocol ShimRowReader: ImageRowReader {
    /// The shim's reader and its entry points.
    var calls: ShimCalls { get }
    /// Adds `count` to `rowsRead`, once the rows are delivered.
    func advance(by count: Int)
    /// The error a failure means at `stage`; `code` is the shim's errno after an I/O failure.
    func error(for failure: ShimFailure, errno code: Int32, while stage: String) -> ImageError
}

/// One C shim reader and the entry points every shim declares through
/// `CIMAGE_DECLARE_READER`, with what reading rows and finishing are called in messages.
package struct ShimCalls {
    package let reader: OpaquePointer
    package let readRows: (OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int, UInt32) -> cimage_status
    package let finish: (OpaquePointer?) -> cimage_status
    package let message: (OpaquePointer?) -> UnsafePointer<CChar>?
    package let errno: (OpaquePointer?) -> Int32
    /// What reading rows and finishing are called in messages ("decoding rows").
    package let stages: (reading: String, finishing: String)

    package init(
        reader: OpaquePointer,
        readRows: @escaping (OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int, UInt32) -> cimage_status,
        finish: @escaping (OpaquePointer?) -> cimage_status,
        message: @escaping (OpaquePointer?) -> UnsafePointer<CChar>?,
        errno: @escaping (OpaquePointer?) -> Int32,
        stages: (reading: String, finishing: String)
    ) {
        (self.reader, self.readRows, self.finish, self.message, self.errno, self.stages) =
            (reader, readRows, finish, message, errno, stages)
    }
}

extension ShimRowReader {
    /// Decodes the next `count` rows into `destination`, `stride` bytes apart.
    package func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        let status = readShimRows(into: destination, stride: stride, count: count) {
            calls.readRows(calls.reader, $0, stride, UInt32(count))
        }
        try check(status, while: calls.stages.reading)
        advance(by: count)
    }

    /// Reads what follows the last row, so damage after it is reported, not ignored.
    package func finish() throws(ImageError) {
        checkFinishing()
        try check(calls.finish(calls.reader), while: calls.stages.finishing)
    }

    /// Throws the error `status` means at `stage`; returns when it is `CIMAGE_OK`.
    package func check(_ status: cimage_status, while stage: String) throws(ImageError) {
        let message = calls.message(calls.reader).map { String(cString: $0) } ?? ""
        guard let failure = ShimFailure(status: status, message: message) else { return }
        throw error(for: failure, errno: calls.errno(calls.reader), while: stage)
    }
}
