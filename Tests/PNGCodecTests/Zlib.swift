#if canImport(Glibc)
import Glibc
#endif

/// zlib's own one-shot inflate, found at run time in the libz the codec links.
///
/// libpng only warns about a wrong Adler-32 when reading, so round trips through
/// the decoder cannot catch one; `uncompress` checks the header and the trailer.
enum Zlib {
    private typealias Uncompress = @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
    ) -> Int32

    private static let uncompress: Uncompress? = {
        guard let symbol = symbol("uncompress") else { return nil }
        return unsafeBitCast(symbol, to: Uncompress.self)
    }()

    private typealias CRC32Function = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    /// The codec already loaded libz, so this only finds it.
    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        guard let library = dlopen("libz.so.1", RTLD_NOW) else { return nil }
        return dlsym(library, name)
    }

    private static let zlibCRC32: CRC32Function? = {
        guard let symbol = symbol("crc32") else { return nil }
        return unsafeBitCast(symbol, to: CRC32Function.self)
    }()

    /// zlib's CRC-32, an implementation independent of the codec's, and fast in debug builds.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32? {
        guard let zlibCRC32 else { return nil }
        return bytes.withUnsafeBufferPointer { UInt32(zlibCRC32(0, $0.baseAddress, UInt32($0.count))) }
    }

    /// The inflated bytes when `stream` is a valid zlib stream of exactly `count`
    /// bytes with a matching Adler-32; nil otherwise.
    static func inflate(_ stream: [UInt8], count: Int) -> [UInt8]? {
        guard let uncompress else { return nil }
        var output = [UInt8](repeating: 0, count: count + 1)
        var length = UInt(output.count)
        let code = output.withUnsafeMutableBufferPointer { target in
            stream.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &length, source.baseAddress, UInt(source.count))
            }
        }
        guard code == 0, length == UInt(count) else { return nil }
        return Array(output.prefix(count))
    }

    private typealias Compress = @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
    ) -> Int32

    private static let compress: Compress? = {
        guard let symbol = symbol("compress") else { return nil }
        return unsafeBitCast(symbol, to: Compress.self)
    }()

    /// `bytes` as one zlib stream at zlib's default level; nil when zlib is not found.
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        guard let compress else { return nil }
        var output = [UInt8](repeating: 0, count: bytes.count + bytes.count / 1000 + 64)
        var length = UInt(output.count)
        let code = output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in compress(target.baseAddress, &length, source.baseAddress, UInt(source.count)) }
        }
        return code == 0 ? Array(output.prefix(Int(length))) : nil
    }
}
