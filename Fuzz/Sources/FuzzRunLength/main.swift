import CPNG
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// Level 1's deflate (`cpng_runlength_deflate`), the one coder pinboard wrote itself: any
/// bytes, cut anywhere into two segments as the writer cuts a sheet's rows, must come back
/// whole from zlib's inflate, within `cpng_runlength_bound`. Its Huffman codes are built
/// from each segment's own counts and limited to 15 bits, so skewed counts and runs of
/// every length are what it has to survive; inputs are read two ways to reach them:
/// - first byte even: the rest as it is, cut in two by `FuzzInput.halves`;
/// - first byte odd: each half read as (byte, n) pairs, the byte repeated 1 + n² times, so a
///   few kilobytes of input make runs past 258 bytes and segments past a stored block's
///   65,535 (at most 256 KiB a half).
@main
enum Target {
    /// The coder's run buffers, kept between inputs as a deflating thread keeps them.
    nonisolated(unsafe) static var runs = cpng_runlength_runs()

    static let halfLimit = 1 << 18

    static func expanded(_ pairs: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: pairs.count - 1, by: 2) {
            let count = 1 + Int(pairs[pair + 1]) * Int(pairs[pair + 1])
            guard bytes.count + count <= halfLimit else { break }
            bytes.append(contentsOf: [UInt8](repeating: pairs[pair], count: count))
        }
        return bytes
    }

    /// One segment's raw deflate; stops the run when the coder writes more than its bound
    /// or nothing at all (memory for the runs ran out, which 256 KiB never should).
    static func deflate(_ input: [UInt8], previous: Int32, final: Bool) -> [UInt8] {
        let bound = cpng_runlength_bound(input.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = input.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                cpng_runlength_deflate(source.baseAddress, source.count, previous, final ? 1 : 0, target.baseAddress, &runs)
            }
        }
        if written == 0 || written > bound {
            fatalError("fuzz: \(written) bytes written for \(input.count) (bound \(bound))")
        }
        return Array(out.prefix(written))
    }

    /// The zlib stream the writer makes of raw segments: header, segments, Adler-32.
    static func zlibStream(_ segments: [[UInt8]], of input: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        input.withUnsafeBufferPointer { bytes in
            for byte in bytes {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
        }
        let adler = b << 16 | a
        return [0x78, 0x01] + segments.joined() + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }

    static func main() {
        FuzzMain.run { bytes in
            guard let mode = bytes.first else { return }
            var (first, second) = FuzzInput.halves(Array(bytes.dropFirst()))
            if mode & 1 == 1 {
                first = expanded(first)
                second = expanded(second)
            }
            let whole = first + second
            let stream = zlibStream([
                deflate(first, previous: -1, final: false),
                deflate(second, previous: first.last.map { Int32($0) } ?? -1, final: true),
            ], of: whole)
            var inflated = cpng_inflated()
            defer { cpng_inflated_release(&inflated) }
            let status = stream.withUnsafeBufferPointer { cpng_inflate($0.baseAddress, $0.count, whole.count, &inflated) }
            let message = withUnsafeBytes(of: inflated.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard status == CIMAGE_OK else {
                fatalError("fuzz: zlib refused the stream of \(first.count) + \(second.count) bytes: \(message)")
            }
            let same = inflated.length == whole.count && whole.withUnsafeBytes { sent in
                guard let sent = sent.baseAddress, let back = inflated.bytes else { return whole.isEmpty }
                return memcmp(sent, back, whole.count) == 0
            }
            if !same {
                fatalError("fuzz: \(first.count) + \(second.count) bytes inflated to \(inflated.length) other bytes")
            }
        }
    }
}
