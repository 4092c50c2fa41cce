/// Straight RGBA samples, the form PNG decoders give back, for comparing pixels of any source.
package enum RGBA {
    /// RGB samples with an opaque alpha after each pixel: what a decoder returns for an RGB
    /// PNG. Written over a raw buffer because a debug build is slow to append nine million
    /// samples one at a time.
    package static func opaque(fromRGB rgb: [UInt8]) -> [UInt8] {
        let count = rgb.count / 3
        return [UInt8](unsafeUninitializedCapacity: count * 4) { rgba, initialized in
            rgb.withUnsafeBufferPointer { source in
                for pixel in 0..<count {
                    rgba[pixel * 4] = source[pixel * 3]
                    rgba[pixel * 4 + 1] = source[pixel * 3 + 1]
                    rgba[pixel * 4 + 2] = source[pixel * 3 + 2]
                    rgba[pixel * 4 + 3] = 255
                }
            }
            initialized = count * 4
        }
    }
}
