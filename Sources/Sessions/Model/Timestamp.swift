import Foundation

/// A point in time as a session file wrote it: the wall-clock reading shown to people, and the
/// instant used for ordering.
///
/// Files write local times, with or without a UTC offset. Documents show the wall-clock reading
/// as written (never converted to the machine's time zone), so output does not depend on where
/// Loupe runs.
public struct Timestamp: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// The instant (a time without offset is read as UTC).
    public var instant: Date
    /// The calendar day as written, `yyyy-MM-dd`.
    public var day: String
    /// The time of day as written, `HH:mm` or `HH:mm:ss`, or `nil` for a date alone.
    public var timeOfDay: String?

    /// Creates a timestamp from its parts.
    public init(instant: Date, day: String, timeOfDay: String?) {
        self.instant = instant
        self.day = day
        self.timeOfDay = timeOfDay
    }

    /// `2025-03-14 10:02`, or the day alone.
    public var description: String {
        guard let timeOfDay else { return day }
        return "\(day) \(timeOfDay)"
    }

    /// Orders by instant, then by the text as written.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        if lhs.instant != rhs.instant { return lhs.instant < rhs.instant }
        return lhs.description < rhs.description
    }

    /// Parses `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm[:ss[.SSS]]` (`T` or a space), optionally followed
    /// by `Z` or an offset `±HH:MM` / `±HHMM`. Returns `nil` for anything else or an impossible date.
    public init?(parsing text: String) {
        let scalars = Array(text.trimmingWhitespaces.unicodeScalars)
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[position..<(position + count)] {
                guard let digit = Int(String(scalar)), scalar.isASCII else { return nil }
                value = value * 10 + digit
            }
            position += count
            return value
        }
        func expect(_ scalar: Unicode.Scalar) -> Bool {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let dayOfMonth = digits(2)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: dayOfMonth, hour: 0, minute: 0, second: 0)
        var offsetSeconds = 0
        var timeText: String?
        if position < scalars.count {
            guard expect("T") || expect(" "), let hour = digits(2), expect(":"), let minute = digits(2) else { return nil }
            components.hour = hour
            components.minute = minute
            timeText = String(format: "%02d:%02d", hour, minute)
            if expect(":") {
                guard let second = digits(2) else { return nil }
                components.second = second
                timeText = String(format: "%02d:%02d:%02d", hour, minute, second)
                if expect(".") {
                    var fraction = 0.0
                    var scale = 0.1
                    var count = 0
                    while position < scalars.count, let digit = Int(String(scalars[position])), scalars[position].isASCII {
                        fraction += Double(digit) * scale
                        scale /= 10
                        position += 1
                        count += 1
                    }
                    guard count > 0 else { return nil }
                    components.nanosecond = Int((fraction * 1_000_000_000).rounded())
                }
            }
            if expect("Z") {
                offsetSeconds = 0
            } else if position < scalars.count {
                let sign: Int
                if expect("+") { sign = 1 } else if expect("-") { sign = -1 } else { return nil }
                guard let offsetHours = digits(2) else { return nil }
                _ = expect(":")
                guard let offsetMinutes = digits(2), offsetHours <= 14, offsetMinutes < 60 else { return nil }
                offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
            guard position == scalars.count, hour < 24, minute < 60, (components.second ?? 0) < 60 else { return nil }
        }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        guard (1...12).contains(month), components.isValidDate(in: calendar), let date = calendar.date(from: components)
        else { return nil }
        self.init(
            instant: date.addingTimeInterval(TimeInterval(-offsetSeconds)),
            day: String(format: "%04d-%02d-%02d", year, month, dayOfMonth),
            timeOfDay: timeText)
    }

    /// A timestamp from seconds since 1970 (UTC), shown in UTC.
    public init(secondsSince1970 seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        self.init(
            instant: date,
            day: String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1),
            timeOfDay: String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0))
    }

    /// The wall-clock reading to minutes, `2025-03-14 10:02`.
    public var minutePrecision: String {
        guard let timeOfDay else { return day }
        return "\(day) \(timeOfDay.prefix(5))"
    }
}

extension Timestamp {
    /// The instant shown as the wall clock of `timeZone` (to seconds): how vjot's UTC dates are shown
    /// in the practice's time zone.
    public init(instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        self.init(
            instant: instant,
            day: String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1),
            timeOfDay: String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0))
    }
}
