import FuzzSupport
import PinboardCompare

/// `pinboard diff` of two arbitrary files, the input cut in two (see `FuzzInput.halves`):
/// both manifests, tile pairing when both carry one, the band pipeline's threads, and the
/// diff sheet drawn in memory.
@main
enum Target {
    static func main() {
        let files = (ScratchFile("a.png"), ScratchFile("b.png"))
        FuzzMain.run { bytes in
            let (a, b) = FuzzInput.halves(bytes)
            files.0.write(a)
            files.1.write(b)
            _ = try? SheetComparer.compare(files.0.path, files.1.path, diffSheet: .memory)
        }
    }
}
