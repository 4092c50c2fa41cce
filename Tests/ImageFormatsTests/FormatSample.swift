import Foundation
import ImageFormats
import ImageInput
import TestSupport

/// The smallest file in `Fixtures/` that the registry reads whole as a given format,
/// found rather than named so that a format added to the registry needs only a fixture.
struct FormatSample: Sendable {
    /// Relative to `Fixtures/`, for messages.
    let name: String
    let path: String
    let bytes: [UInt8]

    var fileExtension: String { URL(fileURLWithPath: path).pathExtension }

    /// By format name; a format missing here has no file in `Fixtures/` that reads whole.
    static let smallest: [String: FormatSample] = {
        let registry = ImageRegistry.pinboard
        let extensions = registry.fileExtensions
        let files = (FileManager.default.enumerator(atPath: Fixture.root)?.allObjects as? [String] ?? [])
            .filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .compactMap { name -> (name: String, size: Int)? in
                let attributes = try? FileManager.default.attributesOfItem(atPath: Fixture.path(name))
                guard attributes?[.type] as? FileAttributeType == .typeRegular,
                      let size = attributes?[.size] as? Int else { return nil }
                return (name, size)
            }
            .sorted { ($0.size, $0.name) < ($1.size, $1.name) }
        var samples: [String: FormatSample] = [:]
        for file in files where samples.count < registry.formats.count {
            let path = Fixture.path(file.name)
            guard let info = try? registry.probe(path: path, limits: .default), samples[info.format] == nil,
                  (try? registry.openRows(path: path, info: info, limits: .default).readImage()) != nil,
                  let bytes = try? Fixture.bytes(path) else { continue }
            samples[info.format] = FormatSample(name: file.name, path: path, bytes: [UInt8](bytes))
        }
        return samples
    }()
}
