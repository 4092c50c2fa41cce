import CFuzzer
#if canImport(Glibc)
import Glibc
#endif

/// What the driver runs on each input, set once by `FuzzMain.run` before fuzzing starts
/// and only read after: libFuzzer calls the target from one thread.
nonisolated(unsafe) private var target: ([UInt8]) -> Void = { _ in }

/// libFuzzer's entry point, by the name every libFuzzer tool knows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target(FuzzInput.bytes(data, size))
    return 0
}

/// The whole program of a fuzz target: libFuzzer's driver over the command line.
///
/// SwiftPM links every executable with a `main` of its own, so libFuzzer's `main` is
/// never the one that runs; its driver is called from ours instead.
public enum FuzzMain {
    /// Runs libFuzzer with `test` as the target and exits with its status. Errors are the
    /// expected outcome of most inputs; only a crash, a leak, a hang or a sanitizer report
    /// is a finding.
    public static func run(_ test: @escaping ([UInt8]) -> Void) -> Never {
        target = test
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput))
    }
}
