import Foundation

/// Reads a timestamp the acuity app wrote with `DateFormatter` and the fixed pattern
/// `yyyy-MM-dd HH:mm:ss.SSS` but without a POSIX locale, so the phone's settings leak in:
/// a 12-hour clock (`2026-07-02 2:30:03.227 PM`, with a narrow no-break space, or `午後`),
/// local digits (`٢٠٢٦-…`), and the phone's calendar for the year (Buddhist `2569`, Japanese era `0008`).
///
/// Buddhist and Japanese (Reiwa era) years are converted to Gregorian: both calendars share the
/// Gregorian months and days. Other calendars (Islamic, Hebrew, Persian…) have other months, so
/// their dates cannot be converted and are left unknown.
struct PhoneTimestamp: Equatable {
    /// The calendar the year was written in, as far as it can be told.
    enum Calendar: Equatable {
        case gregorian
        /// Thai Buddhist era: Gregorian year + 543.
        case buddhist
        /// Japanese era year (Reiwa, from 2019): Gregorian year − 2018.
        case japanese
        /// A year no Gregorian-month calendar explains (e.g. Islamic 1447, Hebrew 5786).
        case unknown(year: Int)
    }

    /// The timestamp, or `nil` when the calendar was unknown.
    var timestamp: Timestamp?
    /// Whether the time was written on a 12-hour clock.
    var usedTwelveHourClock: Bool
    /// Whether digits other than ASCII were used.
    var usedLocalDigits: Bool
    /// The calendar of the year.
    var calendar: Calendar

    /// Day-period markers of common locales, lower-cased; `true` for afternoon.
    static let dayPeriods: [(marker: String, isPM: Bool)] = [
        ("a.m.", false), ("p.m.", true), ("am", false), ("pm", true), ("午前", false), ("午後", true),
        ("上午", false), ("下午", true), ("오전", false), ("오후", true), ("ص", false), ("م", true),
        ("vorm.", false), ("nachm.", true), ("π.μ.", false), ("μ.μ.", true), ("ก่อนเที่ยง", false), ("หลังเที่ยง", true),
    ]

    /// Parses `text`; `nil` when it is not a timestamp in any of these forms.
    init?(parsing text: String) {
        let (normalised, localDigits, isPM) = Self.asciiNormalised(text).map { ($0, false, nil) } ?? Self.normalised(text)
        let parts = normalised.split(separator: " ", omittingEmptySubsequences: true)
        guard let datePart = parts.first, parts.count <= 2 else { return nil }
        let dateFields = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard dateFields.count == 3, let year = Int(dateFields[0]), dateFields[0].count <= 4,
              dateFields[1].count == 2, dateFields[2].count == 2 else { return nil }
        var time = ""
        if parts.count == 2 {
            let timeText = String(parts[1])
            var fields = timeText.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, let hour = Int(fields[0]), (1...2).contains(fields[0].count) else { return nil }
            var hour24 = hour
            if let isPM {
                guard (1...12).contains(hour) else { return nil }
                hour24 = hour % 12 + (isPM ? 12 : 0)
            }
            fields[0] = String(format: "%02d", hour24)
            time = "T" + fields.joined(separator: ":")
        } else if isPM != nil {
            return nil
        }
        let calendar: Calendar
        let gregorianYear: Int?
        switch year {
        case 1900...2200: calendar = .gregorian; gregorianYear = year
        case 2443...2743: calendar = .buddhist; gregorianYear = year - 543
        case 1...99:
            calendar = .japanese; gregorianYear = year + 2018
        default: calendar = .unknown(year: year); gregorianYear = nil
        }
        self.usedTwelveHourClock = isPM != nil
        self.usedLocalDigits = localDigits
        self.calendar = calendar
        if let gregorianYear {
            let iso = String(format: "%04d", gregorianYear) + "-" + dateFields[1] + "-" + dateFields[2] + time
            guard let parsed = Timestamp(parsing: iso) else { return nil }
            self.timestamp = parsed
        } else {
            // Still check the shape of the rest, so garbage is not mistaken for another calendar.
            guard let month = Int(dateFields[1]), (1...13).contains(month),
                  Timestamp(parsing: "2000-01-" + dateFields[2] + time) != nil else { return nil }
            self.timestamp = nil
        }
    }

    /// The start of ``init(parsing:)`` for ASCII text without a letter, as the app writes timestamps on
    /// most phones (`nil` for any other text): its digits are ASCII, each whitespace becomes a space,
    /// and there is no day-period marker (each has a letter or is not ASCII). What ``normalised(_:)``
    /// gives such text, without searching it for every marker.
    static func asciiNormalised(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0 & 0xDF) }) else { return nil }
        return String(decoding: text.utf8.map { (0x09...0x0D).contains($0) ? 0x20 : $0 }, as: UTF8.self).trimmingWhitespaces
    }

    /// The general path of the start of ``init(parsing:)``: local digits to ASCII, bidi marks dropped,
    /// every kind of space to one space, trimmed; a day-period marker before or after the time taken
    /// out. Returns the text, whether it had local digits, and whether the marker said afternoon.
    static func normalised(_ text: String) -> (String, localDigits: Bool, isPM: Bool?) {
        // Local digits to ASCII; bidi marks dropped; every kind of space to one space.
        var normalised = ""
        var localDigits = false
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
               value >= 0, value <= 9, let digit = Int(exactly: value) {
                if !scalar.isASCII { localDigits = true }
                normalised += String(digit)
            } else if ["\u{200E}", "\u{200F}", "\u{061C}"].contains(scalar) {
                continue
            } else if scalar.properties.isWhitespace {
                normalised += " "
            } else if scalar == "\u{066B}" { // Arabic decimal separator
                normalised += "."
            } else {
                normalised.unicodeScalars.append(scalar)
            }
        }
        normalised = normalised.trimmingCharacters(in: .whitespaces)
        // A day-period marker before or after the time.
        var isPM: Bool?
        let lowered = normalised.lowercased()
        for (marker, pm) in Self.dayPeriods {
            if lowered.hasSuffix(marker) {
                normalised = String(normalised.dropLast(marker.count)).trimmingCharacters(in: .whitespaces)
                isPM = pm
                break
            }
            if let range = lowered.range(of: " " + marker) {
                // `2026-07-02 午後2:30:03.227`: the marker opens the time.
                let offset = lowered.distance(from: lowered.startIndex, to: range.lowerBound)
                let start = normalised.index(normalised.startIndex, offsetBy: offset)
                let end = normalised.index(start, offsetBy: marker.count + 1)
                normalised.replaceSubrange(start..<end, with: " ")
                isPM = pm
                break
            }
        }
        return (normalised, localDigits, isPM)
    }
}
