// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets over pinboard's readers, a package apart so that the main package's
/// `swift build` and `swift test` never see an executable without a `main`: libFuzzer
/// supplies it when a target is linked with `-sanitize=fuzzer`. Build and run them with
/// `scripts/fuzz TARGET SECONDS` (`scripts/fuzz --list` names them).
///
/// pinboard's other modules are not products; they are imported here as the products
/// `Pinboard` and `PinboardCompare` bring them in, which SwiftPM allows for modules a
/// dependency builds. Being another package, the targets see only their `public`
/// declarations, not the `package` ones: the codecs are reached through
/// `ImageRegistry.pinboard`, by name.
let targets = [
    "FuzzPNG", "FuzzJPEG", "FuzzWebP", "FuzzGIF", "FuzzTIFF", "FuzzHEIF",
    "FuzzEmbeddedManifest", "FuzzManifestJSON", "FuzzDiff",
    "FuzzEXIF", "FuzzDiffConfig", "FuzzLabelTemplate", "FuzzFileList",
    "FuzzRunLength",
]

let package = Package(
    name: "pinboard-fuzz",
    products: targets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "pinboard", path: "..")],
    targets: [
        // libFuzzer's driver, declared for Swift (a header only; -sanitize=fuzzer links it).
        .systemLibrary(name: "CFuzzer"),
        // What every target shares: the scratch file, small decode limits, reading every row.
        .target(name: "FuzzSupport", dependencies: [
            "CFuzzer",
            .product(name: "Pinboard", package: "pinboard"),
        ]),
    ] + targets.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "Pinboard", package: "pinboard"),
            .product(name: "PinboardCompare", package: "pinboard"),
        ])
    }
)
