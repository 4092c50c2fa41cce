/// One page of a board as `SheetComposer.writePages` wrote it.
public struct WrittenPage: Sendable {
    /// The page's number from 1, or nil when the board is one unnumbered sheet.
    public let number: Int?
    /// Where the page went.
    public let path: String
    /// The page's own plan: its sources, layout and options.
    public let plan: SheetPlan
    /// What writing it did: its manifest, render failures and read warnings.
    public let sheet: WrittenSheet

    /// A page as written by `writePages`, or some other way (the command line's stdout).
    package init(number: Int?, path: String, plan: SheetPlan, sheet: WrittenSheet) {
        (self.number, self.path, self.plan, self.sheet) = (number, path, plan, sheet)
    }
}
