import Foundation
import Pinboard

/// Carries out `pinboard manifest`: prints the embedded manifest as it was written.
struct ManifestRun {
    let request: ManifestRequest

    func run() -> Int32 {
        do {
            let text = try EmbeddedManifest.text(ofSheet: request.sheet)
            Terminal.write(text + "\n", to: STDOUT_FILENO)
            return 0
        } catch {
            Terminal.report("Error: \(error)")
            return 1
        }
    }
}
