import Foundation
import Pinboard
import SheetOutput

/// Carries out `pinboard demo`: plans the demo board and writes it like any sheet.
struct DemoRun {
    let request: DemoRequest

    func run() -> Int32 {
        var options = SheetOptions()
        options.breadth = request.width
        options.encoding.format = SheetFormat(fileName: request.output) ?? .png
        do {
            let plan = try DemoBoard.plan(seed: UInt64(request.seed), options: options)
            _ = try SheetRun.write(plan, to: request.output, quiet: request.quiet)
            return 0
        } catch .layout(let error) {
            Terminal.report("Error: \(error)", "See 'pinboard demo --help'.")
            return 2
        } catch {
            Terminal.report("Error: \(error)")
            return 1
        }
    }
}
