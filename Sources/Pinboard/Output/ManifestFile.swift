import Foundation
import Layout

/// Writes a manifest's JSON, atomically like the sheet, or to an open descriptor.
public enum ManifestFile {
    public static func write(_ manifest: Manifest, to path: String) throws(PinboardError) {
        let output = try AtomicOutput(destination: path)
        try write(manifest, toFileDescriptor: output.fileDescriptor, name: path)
        try output.commit()
    }

    public static func write(_ manifest: Manifest, toFileDescriptor fd: Int32, name: String) throws(PinboardError) {
        let bytes = Array((manifest.jsonText() + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: name, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
