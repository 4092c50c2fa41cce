import PinboardIO
import SheetManifest

/// Writes a manifest's JSON, atomically like the sheet, or to an open descriptor.
public enum ManifestFile {
    public static func write(_ manifest: Manifest, to path: String) throws(WriteError) {
        try TextOutput.write(manifest.jsonText() + "\n", to: path)
    }

    public static func write(_ manifest: Manifest, toFileDescriptor fd: Int32, name: String) throws(WriteError) {
        try TextOutput.write(manifest.jsonText() + "\n", toFileDescriptor: fd, name: name)
    }
}
