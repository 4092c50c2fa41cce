/// A moment as a camera records it: the date and time on its clock, and that clock's
/// offset from UTC when the file says it.
///
/// EXIF writes `2024:06:17 14:03:09` in the camera's local time and, since EXIF 2.31,
/// the offset apart (`+02:00`). Without an offset the local time is all there is, and
/// `instant` takes it as UTC: photos from one camera keep their order, and a file's
/// modification time (`init(secondsSinceEpoch:)`, UTC) sorts among them as closely as
/// anything can.
public struct CaptureTime: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// Minutes east of UTC, when the file records them.
    public let utcOffset: Int?

    /// - Returns: nil for a value out of its range (month 13, minute 60, second 61, a year
    ///   outside 1…9999) or a day the month does not have.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffset: Int? = nil) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (-14 * 60...14 * 60).contains(utcOffset ?? 0) else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second, self.utcOffset) =
            (year, month, day, hour, minute, second, utcOffset)
    }

    /// An EXIF date, `YYYY:MM:DD HH:MM:SS` (dashes in the date and a `T` are taken too),
    /// with an EXIF offset, `+HH:MM` or `-HH:MM`; nil when the date is blank, all zeros
    /// (as cameras without a clock write it) or not a date. An unreadable offset is left out.
    package init?(exif text: String, offset: String? = nil) {
        let scalars = Array(text.utf8)
        guard scalars.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let digits = scalars[range]
            guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        let separators: [(at: Int, allowed: String)] = [(4, ":-"), (7, ":-"), (10, " T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ $0.allowed.utf8.contains(scalars[$0.at]) }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                  utcOffset: offset.flatMap(Self.offsetMinutes))
    }

    /// The UTC time `seconds` after 1970-01-01 00:00:00 UTC, its offset 0.
    public init(secondsSinceEpoch seconds: Int) {
        let days = seconds.floorDivided(by: 86_400)
        let time = seconds - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        (self.year, self.month, self.day) = (year, month, day)
        (hour, minute, second, utcOffset) = (time / 3600, time / 60 % 60, time % 60, 0)
    }

    /// Seconds since 1970-01-01 00:00:00 UTC, the local time taken as UTC when there is no offset.
    public var instant: Int {
        Self.days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - (utcOffset ?? 0) * 60
    }

    /// ISO 8601 as recorded: `2024-06-17T14:03:09+02:00`, without an offset when there is none.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(String(repeating: "0", count: max(0, 4 - String(year).count)))\(year)-\(two(month))-\(two(day))"
        let time = "\(two(hour)):\(two(minute)):\(two(second))"
        guard let utcOffset else { return "\(date)T\(time)" }
        let sign = utcOffset < 0 ? "-" : "+"
        return "\(date)T\(time)\(sign)\(two(abs(utcOffset) / 60)):\(two(abs(utcOffset) % 60))"
    }

    private static func offsetMinutes(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
              let hours = Int(String(decoding: bytes[1..<3], as: UTF8.self)),
              let minutes = Int(String(decoding: bytes[4..<6], as: UTF8.self)), minutes < 60 else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

private extension Int {
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
