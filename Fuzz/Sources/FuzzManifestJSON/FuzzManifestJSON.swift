import Foundation
import FuzzSupport
import SheetManifest

/// Manifest JSON decoding, and the round trip every manifest pinboard writes must make:
/// a manifest decoded from any text, written again, decodes to itself.
@main
enum Target {
    static func main() {
        let decoder = JSONDecoder()
        FuzzMain.run { bytes in
            guard let manifest = try? decoder.decode(Manifest.self, from: Data(bytes)) else { return }
            let text = manifest.jsonText()
            guard let again = try? decoder.decode(Manifest.self, from: Data(text.utf8)) else {
                fatalError("fuzz: a decoded manifest's own JSON does not decode:\n\(text)")
            }
            guard again == manifest else { fatalError("fuzz: a manifest changed in its round trip:\n\(text)") }
        }
    }
}
