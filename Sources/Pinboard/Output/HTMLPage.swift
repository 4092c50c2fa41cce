import PinboardIO

/// A page pinboard writes beside a board (`BoardPage`, `PyramidPage`): its HTML depends on
/// where it is written, since every link in it is relative to its folder.
public protocol HTMLPage: Sendable {
    /// The page's HTML, for a page written at `pagePath`.
    func html(pagePath: String) -> String
}

extension HTMLPage {
    /// Writes the page to `pagePath` atomically.
    ///
    /// - Throws: `PinboardError.cannotWrite` naming the page.
    public func write(to pagePath: String) throws(PinboardError) {
        do {
            try TextOutput.write(html(pagePath: pagePath), to: pagePath)
        } catch {
            throw .cannotWrite(error)
        }
    }
}
