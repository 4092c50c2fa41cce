import PinboardIO
/// What a `SourceScanner` found: the sources in sheet order, and the problems on the way.
public struct SourceScan: Hashable, Sendable {
    /// Every source found, in argument order, each folder's images in natural order.
    public var sources: [Source]
    /// Every path that gave no source though it should have, in the order met.
    public var problems: [SourceProblem]

    public init(sources: [Source] = [], problems: [SourceProblem] = []) {
        self.sources = sources
        self.problems = problems
    }
}
