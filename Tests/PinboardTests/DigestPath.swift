import CDigest
import Testing

/// Which of CDigest's block functions a test hashes with, so every case can run on
/// both without a global switch another test could see.
enum DigestPath: String, CaseIterable, CustomTestStringConvertible {
    /// The SHA extensions where the CPU has them: what `SHA256` and `FileDigest` use.
    case fastest
    case portable

    var testDescription: String { rawValue }

    /// The digest of `bytes` fed in pieces of the given sizes (the rest in one last piece).
    func hex(_ bytes: [UInt8], pieces: [Int] = []) -> String {
        var context = cdigest_sha256()
        cdigest_sha256_init(&context)
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBytes { buffer in
            var start = 0
            for size in pieces + [buffer.count] {
                let end = min(start + size, buffer.count)
                let piece = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                switch self {
                case .fastest: cdigest_sha256_update(&context, piece.baseAddress, piece.count)
                case .portable: cdigest_sha256_update_portable(&context, piece.baseAddress, piece.count)
                }
                start = end
            }
        }
        digest.withUnsafeMutableBufferPointer { output in
            switch self {
            case .fastest: cdigest_sha256_final(&context, output.baseAddress)
            case .portable: cdigest_sha256_final_portable(&context, output.baseAddress)
            }
        }
        return digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
