import Foundation

/// Which of the toolchain's sanitizers instrument this test process
/// (`scripts/check-sanitizers`), for the few tests that cannot run under one.
package enum Sanitizer {
    /// Whether AddressSanitizer is in the process: its runtime's entry point is linked in.
    /// Its shadow memory is reserved at start, far past a `ulimit -d` that a memory test sets.
    package static let address: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
}
