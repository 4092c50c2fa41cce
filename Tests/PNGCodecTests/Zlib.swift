#if canImport(Glibc)
import Glibc
#endif

/// zlib's own one-shot functions, found at run time in the libz the codec links: a
/// reference independent of the codec's own inflate and deflate.
///
/// The codec does not check the Adler-32 when reading (the chunk CRCs cover the same
/// bytes), so round trips through the decoder cannot catch a wrong one; `uncompress`
/// checks the header and the trailer.
enum Zlib {
    /// `uncompress` and `compress`: (destination, its length in and out, source, its length).
    private typealias OneShot = @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
    ) -> Int32

    private typealias CRC32Function = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    private static let uncompress = function("uncompress", as: OneShot.self)
    private static let compress = function("compress", as: OneShot.self)
    private static let zlibCRC32 = function("crc32", as: CRC32Function.self)

    /// The codec already loaded libz, so this only finds it.
    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let library = dlopen("libz.so.1", RTLD_NOW), let symbol = dlsym(library, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// zlib's CRC-32, an implementation independent of the codec's, and fast in debug builds.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32? {
        guard let zlibCRC32 else { return nil }
        return bytes.withUnsafeBufferPointer { UInt32(zlibCRC32(0, $0.baseAddress, UInt32($0.count))) }
    }

    /// The inflated bytes when `stream` is a valid zlib stream of exactly `count`
    /// bytes with a matching Adler-32; nil otherwise.
    static func inflate(_ stream: [UInt8], count: Int) -> [UInt8]? {
        guard let output = run(uncompress, on: stream, room: count + 1), output.count == count else { return nil }
        return output
    }

    /// `bytes` as one zlib stream at zlib's default level; nil when zlib is not found.
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        run(compress, on: bytes, room: bytes.count + bytes.count / 1000 + 64)
    }

    /// What `function` writes from `input` into `room` bytes; nil when it fails.
    private static func run(_ function: OneShot?, on input: [UInt8], room: Int) -> [UInt8]? {
        guard let function else { return nil }
        var output = [UInt8](repeating: 0, count: room)
        var length = UInt(room)
        let code = output.withUnsafeMutableBufferPointer { target in
            input.withUnsafeBufferPointer { source in function(target.baseAddress, &length, source.baseAddress, UInt(source.count)) }
        }
        return code == 0 ? Array(output.prefix(Int(length))) : nil
    }
}
