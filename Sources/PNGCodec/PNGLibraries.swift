import CPNG

/// The versions of the libraries under this codec, for a sheet's manifest: files written
/// with another zlib may differ in their bytes, and decoded with another libpng in rare
/// gamma-converted pixels.
package enum PNGLibraries {
    package static let libpng = String(cString: cpng_libpng_version())
    package static let zlib = String(cString: cpng_zlib_version())
}
