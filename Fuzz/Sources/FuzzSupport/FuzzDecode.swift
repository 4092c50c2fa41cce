import ImageFormats
import ImageInput

/// Probes bytes with one format and decodes every row, as pinboard reads a source.
public enum FuzzDecode {
    /// Small enough that libFuzzer's memory limit is never what stops an input: 4 megapixels,
    /// 16 MiB of RGBA. The limit itself is part of what is tested.
    public static let limits = DecodeLimits(maxPixels: 1 << 22)

    /// Rows asked for at a time, few and odd, so band boundaries fall anywhere.
    static let bandRows = 7

    /// Fuzzes the probe and decode of the formats `ImageRegistry.pinboard` calls `formats`
    /// (the codecs' types are pinboard's own, not public): the whole program of a format's target.
    ///
    /// - Parameter fileExtension: names the scratch file the decode reads.
    public static func main(formats: [String], fileExtension: String) -> Never {
        let registry = ImageRegistry(formats.map { name in
            guard let format = ImageRegistry.pinboard.format(named: name) else { fatalError("fuzz: pinboard reads no format \(name)") }
            return format
        })
        let file = ScratchFile(fileExtension)
        FuzzMain.run { run($0, registry: registry, file: file) }
    }

    /// Probes `bytes` from memory with `registry`, then, when the probe accepts them, decodes
    /// the same bytes from `file` through it (full size, or reduced on load when the input's
    /// length is odd) and reads every row.
    static func run(_ bytes: [UInt8], registry: ImageRegistry, file: ScratchFile) {
        guard let info = try? registry.probe(MemoryBytes(bytes), path: file.path, limits: limits) else { return }
        file.write(bytes)
        let minimumSize = bytes.count % 2 == 1 ? (width: max(info.width / 3, 1), height: max(info.height / 3, 1)) : nil
        guard let reader = try? registry.openRows(path: file.path, info: info, minimumSize: minimumSize, limits: limits) else {
            return
        }
        _ = try? readAll(reader)
    }

    /// Reads every row of `reader` in bands of `bandRows`, then what follows the last row.
    static func readAll(_ reader: any ImageRowReader) throws(ImageError) {
        let stride = reader.outputWidth * 4
        var band = [UInt8](repeating: 0, count: stride * bandRows)
        while reader.rowsRead < reader.outputHeight {
            let count = min(bandRows, reader.outputHeight - reader.rowsRead)
            let result = band.withUnsafeMutableBytes { buffer in
                Result { () throws(ImageError) in try reader.readRows(into: buffer, stride: stride, count: count) }
            }
            try result.get()
        }
        try reader.finish()
    }
}
