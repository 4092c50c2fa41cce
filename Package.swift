// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pinboard",
    products: [
        .executable(name: "pinboard", targets: ["PinboardCLI"]),
        .library(name: "Pinboard", targets: ["Pinboard"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
    ],
    targets: [
        // The system libpng, found through pkg-config; only CPNG talks to it.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "pkg-config"])]
        ),
        // C shims that own every setjmp, so libpng's longjmp never crosses a Swift frame;
        // the writer drives zlib directly to deflate segments in parallel.
        .target(name: "CPNG", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "PNGCodec", dependencies: ["CPNG"]),
        // The system libjpeg-turbo, found through pkg-config; only CJPEG talks to it.
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev", "pkg-config"])]
        ),
        // C shims that own every setjmp, so libjpeg's error_exit never crosses a Swift frame.
        .target(name: "CJPEG", dependencies: ["CLibJPEG"]),
        // JPEG probing, streaming decode with DCT scaling, EXIF orientation. Shares
        // DecodeLimits and RGBAImage with PNGCodec so the pipeline has one of each.
        .target(name: "JPEGCodec", dependencies: ["CJPEG", "PNGCodec"]),
        // The masonry geometry: pure Swift, standard library only.
        .target(name: "Layout"),
        // Pixels: resampling, premultiplied tiles, bands of the sheet. Standard library only.
        .target(name: "Raster"),
        // The system FreeType, found through pkg-config; only CFreeType talks to it.
        .systemLibrary(
            name: "CLibFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "pkg-config"])]
        ),
        // C shims over one FreeType face: open, size, metrics, advances and glyph coverage.
        // FreeType returns error codes and never jumps, so no setjmp is needed.
        .target(name: "CFreeType", dependencies: ["CLibFreeType"]),
        // Captions: fonts, single-line layout cut with "…", rendered to a premultiplied tile.
        .target(name: "Text", dependencies: ["CFreeType", "Raster"]),
        // SHA-256 in C for the manifest's record of each source: portable, or the x86
        // SHA extensions where the CPU has them (chosen at run time, no global flags).
        .target(name: "CDigest"),
        // The library facade: what a sheet is made from and how inputs are found.
        .target(name: "Pinboard", dependencies: ["Layout", "PNGCodec", "JPEGCodec", "Raster", "Text", "CDigest"]),
        // The `pinboard` command: argument parsing, help and exit codes.
        .executableTarget(name: "PinboardCLI", dependencies: ["Pinboard", "Layout", "Raster"]),
        // The Swift side of scripts/bench; not a product users install.
        .executableTarget(name: "PinboardBench", dependencies: ["PNGCodec", "JPEGCodec", "Layout", "CDigest"]),
        // What every test target shares: finding Fixtures/, temporary folders, a seeded
        // generator. Only test targets depend on it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "TestSupport"]),
        .testTarget(name: "JPEGCodecTests", dependencies: ["JPEGCodec", "PNGCodec", "TestSupport"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Raster", "TestSupport"]),
        .testTarget(name: "PinboardTests", dependencies: ["Pinboard", "PNGCodec", "Layout", "Raster", "CDigest", "TestSupport"]),
        .testTarget(
            name: "PinboardCLITests", dependencies: ["PinboardCLI", "Pinboard", "PNGCodec", "Layout", "Raster", "TestSupport"]),
    ]
)
