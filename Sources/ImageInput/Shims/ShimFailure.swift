import CImageStatus

/// A C shim's failure: its status and its library's words, turned into the reason users
/// read the same way for every format, so a codec words only what is particular to it
/// (libjpeg's "not supported", a TIFF directory naming a side of 0).
package struct ShimFailure {
    package let status: cimage_status
    /// The library's message, as the shim kept it.
    package let message: String

    /// Nil when `status` is `CIMAGE_OK`; `message` is read only when it is not.
    package init?(status: cimage_status, message: @autoclosure () -> String) {
        guard status != CIMAGE_OK else { return nil }
        self.status = status
        self.message = message()
    }

    /// The reason the status stands for.
    ///
    /// - Parameters:
    ///   - format: names the format in `unsupported` and `corrupt`.
    ///   - stage: what was being read, for `truncated`.
    ///   - size: the size a limit refused.
    ///   - readFailure: what an I/O status means: the shim's errno, or the byte source's failure.
    package func reason(
        format: String, stage: String, size: (width: Int, height: Int), limits: DecodeLimits,
        readFailure: @autoclosure () -> ImageError.Reason
    ) -> ImageError.Reason {
        switch status {
        case CIMAGE_ERROR_IO: readFailure()
        case CIMAGE_ERROR_MEMORY: .outOfMemory
        case CIMAGE_ERROR_LIMIT: .tooManyPixels(width: UInt64(size.width), height: UInt64(size.height), limit: limits.maxPixels)
        case CIMAGE_ERROR_TRUNCATED: .truncated(while: stage)
        case CIMAGE_ERROR_UNSUPPORTED: .unsupported(format: format, message: message)
        default: .corrupt(format: format, message: message)
        }
    }

    /// The reason a writer's status stands for, the same for every encoder: a failed write
    /// keeps the shim's `errno`, memory is memory, and anything else is the format's own
    /// words for its encoder's refusal.
    package func writeReason(
        errno: @autoclosure () -> Int32, encoderFailure: (String) -> any FormatFailure
    ) -> ImageError.Reason {
        switch status {
        case CIMAGE_ERROR_IO: .writeFailed(errno: errno())
        case CIMAGE_ERROR_MEMORY: .outOfMemory
        default: .format(encoderFailure(message))
        }
    }
}
