import Foundation
import Pinboard

/// Carries out `pinboard manifest`: prints the embedded manifest as it was written.
struct ManifestRun {
    let request: ManifestRequest

    func run() -> Int32 {
        do {
            let text = try EmbeddedManifest.text(ofSheet: request.sheet)
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
            return 0
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            return 1
        }
    }
}
