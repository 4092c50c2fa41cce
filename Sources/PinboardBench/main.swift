import CDigest
import Foundation
import Geometry
import JPEGCodec
import Layout
import PNGCodec

// Timing harness for scripts/bench: each mode does one job over its arguments and
// prints `key=value` figures, so the script can set them beside the libpng floor's.

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// User plus system time of the whole process, so a run on a busy machine still
/// shows the work done.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// Probes every input, prints `NAME files=N seconds=S checksum=C` (C sums the pixels, so
/// the work cannot be skipped).
func timeProbes(_ name: String, _ inputs: [String], probe: (String) throws -> (width: Int, height: Int)) throws {
    var pixels = 0
    let time = try seconds {
        for path in inputs {
            let size = try probe(path)
            pixels &+= size.width * size.height
        }
    }
    print("\(name) files=\(inputs.count) seconds=\(time) checksum=\(pixels)")
}

/// Every regular file below the arguments, in a stable order.
func files(_ arguments: ArraySlice<String>) -> [String] {
    arguments.flatMap { argument -> [String] in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [argument]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
        return names.sorted().map { argument + "/" + $0 }
    }
}

/// Decodes a file a band of rows at a time, never holding the image.
func streamDecode(_ path: String, bandRows: Int) throws -> Int {
    let reader = try PNGRowReader(path: path)
    var band = [UInt8](repeating: 0, count: bandRows * reader.bytesPerRow)
    while reader.rowsRead < reader.header.height {
        let count = min(bandRows, reader.header.height - reader.rowsRead)
        try band.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: reader.bytesPerRow, count: count) }
    }
    try reader.finish()
    return reader.header.width * reader.header.height
}

/// Hashes a file as Pinboard's FileDigest does (1 MiB preads), on the chosen block path;
/// returns the bytes read.
func digestFile(_ path: String, portable: Bool) throws -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { chunk.deallocate() }
    var context = cdigest_sha256()
    cdigest_sha256_init(&context)
    var total = 0
    while true {
        let count = pread(fd, chunk.baseAddress, chunk.count, off_t(total))
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if count == 0 { break }
        if portable {
            cdigest_sha256_update_portable(&context, chunk.baseAddress, count)
        } else {
            cdigest_sha256_update(&context, chunk.baseAddress, count)
        }
        total += count
    }
    var digest = [UInt8](repeating: 0, count: 32)
    if portable {
        cdigest_sha256_final_portable(&context, &digest)
    } else {
        cdigest_sha256_final(&context, &digest)
    }
    return total
}

func run(_ arguments: [String]) throws -> Int32 {
    guard arguments.count >= 2 else {
        print("usage: pinboard-bench probe|decode|stream|encode|layout N [masonry [shortest|balanced]|justified [greedy|optimal]|grid]|jpeg-probe|jpeg-decode|digest|stages ARGS…")
        return 2
    }
    let inputs = files(arguments.dropFirst(2))
    switch arguments[1] {
    case "probe":
        try timeProbes("probe", inputs) { path in
            let header = try ImageHeader.probe(path: path)
            return (header.width, header.height)
        }
    case "decode", "stream":
        var pixels = 0
        let time = try seconds {
            for path in inputs {
                pixels += arguments[1] == "decode"
                    ? try PNGDecoder.decode(path: path).pixels.count / 4
                    : try streamDecode(path, bandRows: 16)
            }
        }
        print("\(arguments[1]) files=\(inputs.count) pixels=\(pixels) seconds=\(time)")
    case "encode":
        // encode IN OUT LEVEL [--threads N]: N deflate threads (default 1).
        var encodeArguments = Array(arguments.dropFirst(2))
        var threads = 1
        if let flag = encodeArguments.firstIndex(of: "--threads") {
            guard flag + 1 < encodeArguments.count, let count = Int(encodeArguments[flag + 1]), count >= 1 else { return 2 }
            threads = count
            encodeArguments.removeSubrange(flag...flag + 1)
        }
        let inputs = encodeArguments
        guard inputs.count == 3, let level = Int(inputs[2]) else { return 2 }
        let image = try PNGDecoder.decode(path: inputs[0])
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        let channels: ChannelLayout = opaque ? .rgb : .rgba
        // Dropping alpha in place of a filter/map chain keeps the bench's own memory
        // at the image's size, so peak RSS shows the writer's share.
        let rows = opaque
            ? [UInt8](unsafeUninitializedCapacity: image.width * image.height * 3) { buffer, count in
                for pixel in 0..<image.width * image.height {
                    buffer[pixel * 3] = image.pixels[pixel * 4]
                    buffer[pixel * 3 + 1] = image.pixels[pixel * 4 + 1]
                    buffer[pixel * 3 + 2] = image.pixels[pixel * 4 + 2]
                }
                count = image.width * image.height * 3
            }
            : image.pixels
        let cpuBefore = cpuSeconds()
        let time = try seconds {
            let writer = try PNGWriter(to: .path(inputs[1]), width: image.width, height: image.height,
                                       channels: channels, compression: level, threads: threads)
            let stride = image.width * channels.rawValue
            try rows.withUnsafeBytes { buffer in
                var row = 0
                while row < image.height {
                    let count = min(64, image.height - row)
                    try writer.write(rows: UnsafeRawBufferPointer(rebasing: buffer[(row * stride)...]), stride: stride, count: count)
                    row += count
                }
            }
            try writer.finish()
        }
        print("encode pixels=\(image.width * image.height) seconds=\(time) cpu_seconds=\(cpuSeconds() - cpuBefore) threads=\(threads)")
    case "jpeg-probe":
        try timeProbes("jpeg-probe", inputs) { path in
            let header = try JPEGHeader.probe(path: path)
            return (header.width, header.height)
        }
    case "jpeg-decode":
        // jpeg-decode DENOMINATOR FILES…: streams each file at 1/DENOMINATOR scale.
        guard let denominator = arguments.dropFirst(2).first.flatMap({ Int($0) }), [1, 2, 4, 8].contains(denominator) else { return 2 }
        var pixels = 0
        var outputPixels = 0
        let time = try seconds {
            for path in files(arguments.dropFirst(3)) {
                let header = try JPEGHeader.probe(path: path)
                let reader = try JPEGRowReader(path: path, minimumSize: (header.width / denominator, header.height / denominator))
                var band = [UInt8](repeating: 0, count: 16 * reader.bytesPerRow)
                while reader.rowsRead < reader.outputHeight {
                    let count = min(16, reader.outputHeight - reader.rowsRead)
                    try band.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: reader.bytesPerRow, count: count) }
                }
                try reader.finish()
                pixels += header.width * header.height
                outputPixels += reader.outputWidth * reader.outputHeight
            }
        }
        print("jpeg-decode denominator=\(denominator) pixels=\(pixels) output_pixels=\(outputPixels) seconds=\(time)")
    case "digest":
        // digest FILES…: SHA-256 throughput of the fastest block path, the portable one,
        // and coreutils' sha256sum on the same files as the floor.
        var bytes = 0
        let fastest = try seconds { bytes = try inputs.reduce(0) { $0 + (try digestFile($1, portable: false)) } }
        let portable = try seconds { _ = try inputs.reduce(0) { $0 + (try digestFile($1, portable: true)) } }
        let floor = try seconds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = inputs
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        let megabytes = Double(bytes) / 1e6
        print("digest files=\(inputs.count) bytes=\(bytes) sha_extensions=\(cdigest_sha256_uses_sha_extensions())"
              + " fastest_mb_s=\(Int(megabytes / fastest)) portable_mb_s=\(Int(megabytes / portable))"
              + " sha256sum_mb_s=\(Int(megabytes / floor))")
    case "stages":
        // stages COLUMN_WIDTH FILES…: each stage's own time on one thread (StageSpeeds.swift).
        guard let width = arguments.dropFirst(2).first.flatMap({ Int($0) }), width > 0 else { return 2 }
        try stageSpeeds(files(arguments.dropFirst(3)), columnWidth: width)
    case "layout":
        guard let count = arguments.dropFirst(2).first.flatMap({ Int($0) }) else { return 2 }
        var state: UInt64 = 42
        let sizes = (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Size(width: 160 + Int(state >> 33) % 2240, height: 160 + Int(state >> 45) % 2240)
        }
        let configuration = try LayoutConfiguration(breadth: 2560, lanes: 10)
        let arrangement: any Arrangement
        // layout N masonry [shortest|balanced], layout N justified [greedy|optimal], layout N grid.
        let variant = arguments.dropFirst(4).first
        switch (arguments.dropFirst(3).first ?? "masonry", variant) {
        case ("masonry", let placement):
            guard let placement = Placement(rawValue: placement ?? "shortest") else { return 2 }
            arrangement = try MasonryArrangement(configuration: configuration, placement: placement)
        case ("justified", let breaks):
            guard let breaks = RowBreaks(rawValue: breaks ?? "greedy") else { return 2 }
            arrangement = try JustifiedArrangement(configuration: configuration, breaks: breaks)
        case ("grid", nil): arrangement = try GridArrangement(configuration: configuration, fit: .cover)
        default: return 2
        }
        var layout: (any SheetLayout)?
        let layoutTime = try seconds { layout = try arrangement.layOut(sizes, sectionStarts: []) }
        guard let layout else { return 1 }
        var met = 0
        let bandCount = (layout.sheet.height + 63) / 64
        let queryTime = seconds {
            for band in 0..<bandCount {
                met += layout.tiles(meeting: Rect(x: 0, y: band * 64, width: layout.sheet.width, height: 64)).count
            }
        }
        print("layout items=\(count) seconds=\(layoutTime) bands=\(bandCount) query_seconds=\(queryTime) met=\(met)")
    default:
        print("unknown mode \(arguments[1])")
        return 2
    }
    return 0
}

do {
    exit(try run(CommandLine.arguments))
} catch {
    FileHandle.standardError.write(Data("pinboard-bench: \(error)\n".utf8))
    exit(1)
}
