/// The bytes libFuzzer hands a target, copied out of its buffer.
public enum FuzzInput {
    /// The `size` bytes at `data`; libFuzzer passes a null pointer for the empty input.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// `bytes` cut in two at a point its first two bytes choose, for targets that take two
    /// inputs: libFuzzer mutates the point along with the data.
    public static func halves(_ bytes: [UInt8]) -> ([UInt8], [UInt8]) {
        guard bytes.count > 2 else { return ([], []) }
        let rest = bytes.dropFirst(2)
        let split = (Int(bytes[0]) | Int(bytes[1]) << 8) % (rest.count + 1)
        return (Array(rest.prefix(split)), Array(rest.dropFirst(split)))
    }
}
