/// What a `pinboard demo` command line asks for.
struct DemoRequest: Equatable, Sendable {
    /// Where to write the demo sheet; `-` for stdout.
    var output = "demo.png"
    /// Picks the blocks' heights and colours; the same seed draws the same sheet.
    var seed = 1
    /// The sheet's width in pixels.
    var width = 400
    var quiet = false
}
