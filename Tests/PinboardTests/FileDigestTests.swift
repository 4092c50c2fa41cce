import CDigest
import Foundation
@testable import Pinboard
import SheetManifest
import TestSupport
import Testing

@Suite("SHA-256 of sources")
struct FileDigestTests {
    /// FIPS 180-2 appendix B and the NIST example values.
    static let vectors: [(message: String, digest: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ]

    static let millionA = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"

    /// Bytes from a fixed seed, so a failing length fails the same way every run.
    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        // Named with its module: `@testable` also shows Pinboard's own, the demo board's.
        var generator = TestSupport.SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    /// Piece sizes that add up to at most `total`, mixing tiny pieces, block edges and long runs.
    static func randomPieces(total: Int, seed: UInt64) -> [Int] {
        var generator = TestSupport.SplitMix64(seed: seed)
        let shapes = [1, 3, 63, 64, 65, 127, 128, 129, 1000, 4096, 65_537]
        var pieces: [Int] = []
        var sum = 0
        while sum < total {
            let shape = shapes[Int(generator.next() % UInt64(shapes.count))]
            let size = generator.next() % 2 == 0 ? shape : Int(generator.next() % UInt64(shape + 1))
            pieces.append(size)
            sum += size
        }
        return pieces
    }

    @Test("NIST vectors", arguments: DigestPath.allCases)
    func nistVectors(path: DigestPath) {
        for vector in Self.vectors {
            #expect(path.hex(Array(vector.message.utf8)) == vector.digest, "\(vector.message)")
        }
    }

    @Test("One million 'a' in odd-sized pieces", arguments: DigestPath.allCases)
    func millionA(path: DigestPath) {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(path.hex(message) == Self.millionA)
        let pieces = Array(repeating: [1, 3, 7, 63, 65, 127, 4099, 65_521], count: 30).flatMap { $0 }
        #expect(path.hex(message, pieces: pieces) == Self.millionA)
    }

    @Test("The SHA256 value type gives the vectors, fed whole or in pieces")
    func valueType() {
        for vector in Self.vectors {
            var whole = SHA256()
            var bytewise = SHA256()
            Array(vector.message.utf8).withUnsafeBytes { bytes in
                whole.update(bytes)
                for index in bytes.indices { bytewise.update(UnsafeRawBufferPointer(rebasing: bytes[index...index])) }
            }
            #expect(whole.finalize() == vector.digest)
            #expect(bytewise.finalize() == vector.digest)
        }
    }

    @Test("finalize leaves the value able to go on")
    func finalizeThenContinue() {
        var digest = SHA256()
        Array("ab".utf8).withUnsafeBytes { digest.update($0) }
        #expect(digest.finalize() == DigestPath.portable.hex(Array("ab".utf8)))
        Array("c".utf8).withUnsafeBytes { digest.update($0) }
        #expect(digest.finalize() == Self.vectors[1].digest)
    }

    @Test("Every length 0…300 in random pieces equals one shot, on both paths", arguments: DigestPath.allCases)
    func shortLengths(path: DigestPath) {
        for length in 0...300 {
            let bytes = Self.randomBytes(length, seed: UInt64(length))
            let oneShot = path.hex(bytes)
            #expect(oneShot == DigestPath.portable.hex(bytes), "length \(length)")
            for pattern in 0..<4 {
                let pieces = Self.randomPieces(total: length, seed: UInt64(length * 4 + pattern))
                #expect(path.hex(bytes, pieces: pieces) == oneShot, "length \(length), pattern \(pattern)")
            }
        }
    }

    @Test("Multi-MiB lengths in random pieces equal one shot, on both paths",
          arguments: DigestPath.allCases, [1 << 20, (3 << 20) + 13, (5 << 20) + 63])
    func longLengths(path: DigestPath, length: Int) {
        let bytes = Self.randomBytes(length, seed: UInt64(length))
        let oneShot = path.hex(bytes)
        #expect(oneShot == DigestPath.portable.hex(bytes))
        for pattern in 0..<2 {
            let pieces = Self.randomPieces(total: length, seed: UInt64(length + pattern))
            #expect(path.hex(bytes, pieces: pieces) == oneShot, "pattern \(pattern)")
        }
    }

    @Test("A CPU with the SHA extensions uses them")
    func usesExtensions() throws {
        #if arch(x86_64)
        let flags = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let hasSHA = flags.split(whereSeparator: \.isWhitespace).contains("sha_ni")
        #expect((cdigest_sha256_uses_sha_extensions() != 0) == hasSHA)
        #else
        #expect(cdigest_sha256_uses_sha_extensions() == 0)
        #endif
    }

    static func fileDigest(_ path: String) -> Result<String, Manifest.SkippedSource> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        return FileDigest.sha256(fileDescriptor: fd, path: path)
    }

    @Test("FileDigest matches sha256sum", arguments: [
        "solid/blue-64x16.png", "jpeg/cmyk-adobe.jpg", "samples/img00001.png",
        "fonts/DejaVuSans.ttf", "raster/harbour.pam",
    ])
    func matchesSha256sum(relative: String) throws {
        let path = Fixture.path(relative)
        #expect(try Self.fileDigest(path).get() == Subprocess.sha256sum(path))
    }

    @Test("FileDigest across chunk edges matches sha256sum",
          arguments: [0, 1, FileDigest.chunkSize - 1, FileDigest.chunkSize, 2 * FileDigest.chunkSize + 7])
    func chunkEdges(length: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/data.bin"
        try Data(Self.randomBytes(length, seed: 7)).write(to: URL(fileURLWithPath: path))
        #expect(try Self.fileDigest(path).get() == Subprocess.sha256sum(path))
    }

    @Test("FileDigest reads from offset 0 whatever the descriptor's offset")
    func ignoresDescriptorOffset() throws {
        let path = Fixture.path("jpeg/cmyk-adobe.jpg")
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        lseek(fd, 100, SEEK_SET)
        #expect(try FileDigest.sha256(fileDescriptor: fd, path: path).get() == Subprocess.sha256sum(path))
        #expect(lseek(fd, 0, SEEK_CUR) == 100)
    }

    @Test("A directory fails naming the path")
    func directory() throws {
        let folder = try TemporaryFolder()
        let result = Self.fileDigest(folder.path)
        #expect(throws: Manifest.SkippedSource(source: folder.path, reason: .image(.readFailed(errno: EISDIR)))) {
            try result.get()
        }
    }

    @Test("A descriptor open only for writing fails naming the path")
    func writeOnly() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/write-only.bin"
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(fd) }
        #expect(throws: Manifest.SkippedSource(source: path, reason: .image(.readFailed(errno: EBADF)))) {
            try FileDigest.sha256(fileDescriptor: fd, path: path).get()
        }
    }

    @Test("A path that would not open fails naming the path")
    func missing() {
        let path = "/nonexistent/pinboard-digest.png"
        #expect(throws: Manifest.SkippedSource(source: path, reason: .image(.readFailed(errno: EBADF)))) {
            try Self.fileDigest(path).get()
        }
    }
}
