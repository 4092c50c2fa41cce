// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pinboard",
    products: [
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
        // Pure-Swift pixels: resampling, tiles and bands; it imports nothing but the standard library.
        .target(name: "Raster"),
        // Fixtures are read by path from Fixtures/raster at the package root.
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
    ]
)
