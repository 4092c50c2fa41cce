/// A labelled value of a report, as text: a figure of an entry (`PSNR`, `31.42 dB`) or an
/// option the comparison ran with (`threshold`, `2`).
public struct ReportField: Sendable, Hashable {
    public let label: String
    public let value: String
}
