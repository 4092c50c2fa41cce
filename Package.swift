// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pinboard",
    products: [
        .executable(name: "pinboard", targets: ["PinboardCLI"]),
        .library(name: "Pinboard", targets: ["Pinboard"]),
        .library(name: "PinboardCompare", targets: ["PinboardCompare"]),
        .library(name: "Layout", targets: ["Layout"]),
    ],
    targets: [
        // The image-input layer every format shares: the format protocol and registry,
        // errors, byte sources, limits, orientation, the decoded image. Standard library,
        // Geometry's pixel layout and the C shims' shared declarations (status codes, the
        // read callback) only.
        .target(name: "ImageInput", dependencies: ["CImageStatus", "Geometry"]),
        // The status codes and read callback every C shim shares (a header only).
        .target(name: "CImageStatus"),
        // The system libpng, found through pkg-config; only CPNG talks to it.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "pkg-config"])]
        ),
        // Intel ISA-L (igzip), found through pkg-config: CPNG's deflate at the fast levels.
        .systemLibrary(
            name: "CLibISAL",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev", "pkg-config"])]
        ),
        // C shims that own every setjmp, so libpng's longjmp never crosses a Swift frame;
        // the writer drives zlib and ISA-L directly to deflate segments in parallel.
        .target(name: "CPNG", dependencies: ["CLibPNG", "CLibISAL", "CImageStatus"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "PNGCodec", dependencies: ["CPNG", "ImageInput", "Geometry"]),
        // The system libjpeg-turbo, found through pkg-config; only CJPEG talks to it.
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev", "pkg-config"])]
        ),
        // C shims that own every setjmp, so libjpeg's error_exit never crosses a Swift frame.
        .target(name: "CJPEG", dependencies: ["CLibJPEG", "CImageStatus"]),
        // JPEG probing with EXIF orientation, streaming decode with DCT scaling.
        .target(name: "JPEGCodec", dependencies: ["CJPEG", "ImageInput"]),
        // Sizes and rects of whole pixels, one vocabulary for Layout and Raster. Standard library only.
        .target(name: "Geometry"),
        // The system libwebp and its demuxer, found through pkg-config (libwebpdemux requires
        // libwebp); only CWebP talks to them.
        .systemLibrary(
            name: "CLibWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev", "pkg-config"])]
        ),
        // C shims over one WebP decode (probe, demux, first frame, scaled decoding) and one
        // encode with WebPMux adding chunks. libwebp returns status codes and never jumps, so
        // no setjmp is needed. libwebpmux has no pkg-config name of CLibWebP's, so it is said here.
        .target(name: "CWebP", dependencies: ["CLibWebP", "CImageStatus"], linkerSettings: [.linkedLibrary("webpmux")]),
        // WebP probing and first-frame decoding, reduced on load when the caller needs less;
        // whole-image encoding with chunks of the caller's own, and the manifest chunk read back.
        .target(name: "WebPCodec", dependencies: ["CWebP", "ImageInput", "Geometry"]),
        // The system giflib. Debian ships no pkg-config file for it, so the modulemap links
        // it and its header is found in /usr/include.
        .systemLibrary(
            name: "CLibGIF",
            providers: [.apt(["libgif-dev"])]
        ),
        // A C shim over one GIF's first frame: giflib reads through a C callback and
        // returns status codes, so no setjmp is needed. The modulemap's link reaches only
        // Swift importers, and without pkg-config nothing else says -lgif, so it is said here.
        .target(name: "CGIF", dependencies: ["CLibGIF", "CImageStatus"], linkerSettings: [.linkedLibrary("gif")]),
        // GIF probing and the first frame composited onto its transparent logical screen.
        .target(name: "GIFCodec", dependencies: ["CGIF", "ImageInput"]),
        // The system libtiff, found through pkg-config; only CTIFF talks to it.
        .systemLibrary(
            name: "CLibTIFF",
            pkgConfig: "libtiff-4",
            providers: [.apt(["libtiff-dev", "pkg-config"])]
        ),
        // A C shim over one libtiff handle: per-handle error and warning handlers, reads
        // through a callback, rows as stored. libtiff never jumps, so no setjmp is needed.
        .target(name: "CTIFF", dependencies: ["CLibTIFF", "CColor", "CImageStatus"]),
        // TIFF's first page, strips or tiles, any depth and photometric libtiff's RGBA reader
        // knows; the tiled writer takes rows in Geometry's ChannelLayout.
        .target(name: "TIFFCodec", dependencies: ["CTIFF", "ImageInput", "Geometry"]),
        // The system libheif (with libde265 for HEVC, libaom or dav1d for AV1), found through pkg-config.
        .systemLibrary(
            name: "CLibHEIF",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev", "pkg-config"])]
        ),
        // A C shim over one libheif context read through a callback: the primary image or a thumbnail,
        // as RGBA. libheif returns errors as values and never jumps, so no setjmp is needed.
        .target(name: "CHEIF", dependencies: ["CLibHEIF", "CImageStatus"]),
        // HEIC and AVIF: the primary image upright, or an embedded thumbnail when it is large enough.
        .target(name: "HEIFCodec", dependencies: ["CHEIF", "ImageInput", "Geometry"]),
        // The masonry geometry: pure Swift, standard library only.
        .target(name: "Layout", dependencies: ["Geometry"]),
        // Pixels: resampling, premultiplied tiles, bands of the sheet. Standard library only.
        // Raster's passes over whole rows in vector code (AVX2 or SSE2, chosen at run time,
        // every path rounding alike); only Raster's Resampler calls it.
        .target(name: "CResample", dependencies: ["CImageStatus"]),
        .target(name: "Raster", dependencies: ["Geometry", "CResample"]),
        // Pixel differences as pixelmatch counts them: per-pixel criteria, anti-aliasing,
        // masks, regions and the diff's paint, scanned over rows on worker threads. Apart from
        // Raster, so the facade carries neither it nor its threads; only PinboardCompare uses it.
        .target(name: "Differences", dependencies: ["Raster", "Geometry"]),
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
        // The system Little CMS, found through pkg-config; only CColor talks to it.
        .systemLibrary(
            name: "CLibLCMS",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev", "pkg-config"])]
        ),
        // C shims over one ICC profile's transform to sRGB, with its own lcms context so
        // errors reach a message buffer. Little CMS returns errors and never jumps.
        .target(name: "CColor", dependencies: ["CLibLCMS", "CImageStatus"]),
        // Colour management: embedded profiles converted to sRGB, one transform per profile.
        .target(name: "ColorManagement", dependencies: ["CColor", "ImageInput"]),
        // SHA-256 in C for the manifest's record of each source: portable, or the x86
        // SHA extensions where the CPU has them (chosen at run time, no global flags).
        .target(name: "CDigest"),
        // A sheet's manifest: what was placed where, what was left out and why, as typed
        // values that become JSON only when written.
        .target(name: "SheetManifest", dependencies: ["Layout", "Raster", "Geometry", "ImageInput", "ColorManagement", "PinboardIO"]),
        // Linux system calls Swift's Glibc module leaves out (sync_file_range), for PinboardIO.
        .target(name: "CFileSystem"),
        // The I/O plumbing the facade and comparing share: atomic output files, temporary
        // files, text output, markup, the file system read by bytes, path spelling, result slots.
        .target(name: "PinboardIO", dependencies: ["ImageInput", "CFileSystem"]),
        // Where sheets go: the sink every writer implements (file, memory, diff sheet,
        // report crops), one per output format (PNG, JPEG, TIFF, WebP, AVIF), the manifest
        // carried inside the file. ColorManagement gives the sRGB profile the formats embed.
        .target(
            name: "SheetOutput",
            dependencies: ["Raster", "Geometry", "SheetManifest", "PNGCodec", "JPEGCodec", "TIFFCodec", "WebPCodec", "HEIFCodec", "ColorManagement", "ImageInput", "PinboardIO"]),
        // Every format pinboard reads, in one list (`ImageRegistry.pinboard`): the one place
        // a new format gets its line, and the one target that depends on every codec.
        .target(name: "ImageFormats", dependencies: ["ImageInput", "PNGCodec", "JPEGCodec", "WebPCodec", "GIFCodec", "TIFFCodec", "HEIFCodec"]),
        // The library facade: what a sheet is made from and how inputs are found.
        .target(name: "Pinboard", dependencies: ["Layout", "ImageInput", "ImageFormats", "ColorManagement", "PNGCodec", "JPEGCodec", "Raster", "Text", "CDigest", "Geometry", "PinboardIO", "SheetManifest", "SheetOutput"]),
        // Comparing sheets, images and folders: `pinboard diff` and the Swift API for pixel
        // tests. Apart from the facade, so composing sheets does not carry the diff machinery.
        .target(name: "PinboardCompare", dependencies: ["Pinboard", "PinboardIO", "SheetManifest", "SheetOutput", "ImageInput", "ImageFormats", "PNGCodec", "Layout", "Raster", "Differences", "Geometry"]),
        // A command-line parser with no image logic: commands declared as values, their tree of
        // subcommands, help, manual page and completion scripts from those declarations.
        // Standard library only; only PinboardCLI depends on it.
        .target(name: "ArgumentParsing"),
        // The `pinboard` command: its commands, what they run, and exit codes.
        .executableTarget(name: "PinboardCLI", dependencies: ["ArgumentParsing", "Pinboard", "PinboardCompare", "Differences", "PinboardIO", "SheetManifest", "SheetOutput", "Layout", "Raster", "Geometry"]),
        // The Swift side of scripts/bench; not a product users install.
        .executableTarget(name: "PinboardBench", dependencies: ["ImageInput", "PNGCodec", "JPEGCodec", "Layout", "Raster", "CDigest", "Geometry"]),
        // What every test target shares: finding Fixtures/, temporary folders, a seeded
        // generator. Only test targets depend on it.
        .target(name: "TestSupport", dependencies: ["ImageInput", "Raster", "PNGCodec"], path: "Tests/TestSupport"),
        .testTarget(name: "ImageInputTests", dependencies: ["ImageInput", "TestSupport"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "SheetOutput", "ImageInput", "Geometry", "TestSupport"]),
        .testTarget(name: "JPEGCodecTests", dependencies: ["JPEGCodec", "PNGCodec", "ImageInput", "Geometry", "TestSupport"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Geometry", "TestSupport"]),
        .testTarget(name: "SheetManifestTests", dependencies: ["SheetManifest", "Layout", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CResample", "Geometry", "TestSupport"]),
        .testTarget(name: "DifferencesTests", dependencies: ["Differences", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Raster", "Geometry", "TestSupport"]),
        .testTarget(
            name: "PinboardTests",
            dependencies: ["Pinboard", "PinboardCompare", "Differences", "PinboardIO", "SheetManifest", "SheetOutput", "ImageInput", "PNGCodec", "Layout", "Raster", "CDigest", "Geometry", "Text", "TestSupport"]),
        .testTarget(
            name: "SheetOutputTests",
            dependencies: ["SheetOutput", "SheetManifest", "ImageFormats", "ImageInput", "JPEGCodec", "TIFFCodec", "CLibTIFF", "WebPCodec", "HEIFCodec",
                           "ColorManagement", "PinboardIO", "Layout", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(
            name: "PinboardCLITests",
            dependencies: ["PinboardCLI", "ArgumentParsing", "Pinboard", "PinboardIO", "SheetManifest", "SheetOutput", "ImageInput", "PNGCodec", "Layout", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "ColorManagementTests", dependencies: ["ColorManagement", "HEIFCodec", "ImageInput", "TestSupport"]),
        .testTarget(name: "WebPCodecTests", dependencies: ["WebPCodec", "CWebP", "ImageInput", "TestSupport"]),
        .testTarget(name: "GIFCodecTests", dependencies: ["GIFCodec", "CGIF", "ImageInput", "TestSupport"]),
        .testTarget(name: "TIFFCodecTests", dependencies: ["TIFFCodec", "CTIFF", "CLibTIFF", "ImageInput", "TestSupport"]),
        // What every format in the registry must survive: cuts and flipped bits.
        .testTarget(name: "ImageFormatsTests", dependencies: ["ImageFormats", "ImageInput", "GIFCodec", "WebPCodec", "TestSupport"]),
        .testTarget(name: "HEIFCodecTests", dependencies: ["HEIFCodec", "CHEIF", "ImageInput", "TestSupport"]),
    ]
)
