import ImageInput
import Testing

/// Every prefix of a file, for the codecs' "a cut file says so" tests.
package enum Truncations {
    /// Decodes each prefix of `bytes` shorter than the whole (or those of `lengths`),
    /// passing the name "cut": each must fail with an `ImageError` naming it, as truncated
    /// or (for no bytes) empty — but a PNG cut after its image data, on a chunk boundary
    /// (`PNGTail`), must decode.
    package static func expectEachReportedAsCut(
        _ bytes: [UInt8], lengths: [Int]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        decode: (_ bytes: [UInt8], _ name: String) throws -> RGBAImage
    ) {
        let whole = PNGTail.wholeImageCuts(bytes)
        for length in lengths ?? Array(0..<bytes.count) {
            if whole.contains(length) {
                // Only IEND (and what follows the image data) is missing: the pixels are all there.
                #expect(throws: Never.self, "cut at \(length) of \(bytes.count), after the image data", sourceLocation: sourceLocation) {
                    _ = try decode(Array(bytes.prefix(length)), "cut")
                }
                continue
            }
            let error = #expect(throws: ImageError.self, "cut at \(length) of \(bytes.count)", sourceLocation: sourceLocation) {
                try decode(Array(bytes.prefix(length)), "cut")
            }
            #expect(error?.path == "cut", sourceLocation: sourceLocation)
            switch error?.reason {
            case .truncated, .emptyFile: break
            default: Issue.record("cut at \(length): \(String(describing: error))", sourceLocation: sourceLocation)
            }
        }
    }
}
