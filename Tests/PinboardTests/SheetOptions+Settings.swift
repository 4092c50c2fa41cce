import Pinboard
import Raster

extension SheetOptions {
    /// The defaults with the size, spacing and drawing settings a test names, in one
    /// expression: most tests set these and nothing else, and a line per setting buried
    /// what each test is about.
    init(
        breadth: Int? = nil, lanes: Int? = nil, laneBreadth: Int? = nil,
        padding: Int = SheetOptions().padding, margin: Int = SheetOptions().margin,
        background: Color = SheetOptions().background, filter: ResampleFilter = SheetOptions().filter,
        jobs: Int = SheetOptions().jobs
    ) {
        self.init()
        self.breadth = breadth
        self.lanes = lanes
        self.laneBreadth = laneBreadth
        self.padding = padding
        self.margin = margin
        self.background = background
        self.filter = filter
        self.jobs = jobs
    }
}
