/// An image that could not be probed, decoded or written, with the file it concerns.
///
/// Every failure names its source or destination, so a user looking at a batch of
/// thousands of files knows which one to fix and why:
/// `photos/a.jpg: file is truncated (ends while decoding rows: Premature end of JPEG file)`.
/// One type serves every format, so the pipeline reports a PNG's fault and a JPEG's alike.
public typealias ImageError = PathFailure<ImageReason>
