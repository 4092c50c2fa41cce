// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pinboard",
    products: [
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
    ],
    targets: [
        // The system libpng, found through pkg-config; only CPNG talks to it.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "pkg-config"])]
        ),
        // C shims that own every setjmp, so libpng's longjmp never crosses a Swift frame.
        .target(name: "CPNG", dependencies: ["CLibPNG"]),
        .target(name: "PNGCodec", dependencies: ["CPNG"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
        // The Swift side of scripts/bench; not a product users install.
        .executableTarget(name: "PinboardBench", dependencies: ["PNGCodec"]),
    ]
)
