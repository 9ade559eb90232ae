extension NumericRange {
    /// The outcome of reading a range from text.
    public enum ParseResult: Sendable, Equatable {
        /// Every part was understood.
        case complete(NumericRange)
        /// A range was read but some part was not understood (`"NaN - 8"` gives "up to 8").
        case partial(NumericRange)
        /// No number could be read at all (`"NaN"`, `""`, `"unknown"`).
        case unreadable

        /// The range read, complete or partial.
        public var range: NumericRange? {
            switch self {
            case .complete(let range), .partial(let range): range
            case .unreadable: nil
            }
        }
    }

    /// Reads `"12 - 16"`, `"10 – 12 years"`, `"7  -  10"`, `"12 - 16 Years years"`, `"10 years"`,
    /// `"9 to 11.5"`, `"up - 18"`; words after a number (units) are ignored.
    public static func parse(_ text: String) -> ParseResult {
        var normalized = text.lowercased()
        for dash in ["–", "—", "‒", "−", "―"] {
            normalized = normalized.replacingOccurrences(of: dash, with: "-")
        }
        normalized = normalized.replacingOccurrences(of: " to ", with: " - ")
        let parts = normalized.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard parts.count == 1 || parts.count == 2 else {
            return .unreadable
        }
        if parts.count == 1 {
            guard let value = leadingNumber(parts[0]) else { return .unreadable }
            return .complete(NumericRange(value: value))
        }
        let (lowText, highText) = (parts[0], parts[1])
        let low = leadingNumber(lowText)
        let high = leadingNumber(highText)
        guard let range = NumericRange(lower: low, upper: high) else { return .unreadable }
        // "up - 18" means "up to 18": a known idiom, not a damaged value.
        let lowUnderstood = low != nil || lowText == "up"
        let highUnderstood = high != nil
        return lowUnderstood && highUnderstood ? .complete(range) : .partial(range)
    }

    /// The number at the start of `text` (`"16 years"` → 16, `"11.5"` → 11.5, `"11,5 kg"` → 11.5), if any.
    /// Only finite decimal numbers count; `"NaN"` and `"inf"` do not.
    static func leadingNumber(_ text: String) -> Double? {
        var digits = ""
        var seenSeparator = false
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if (character == "." || character == ","), !seenSeparator, !digits.isEmpty {
                seenSeparator = true
                digits.append(".")
            } else {
                break
            }
        }
        if digits.hasSuffix(".") { digits.removeLast() }
        guard !digits.isEmpty, let value = Double(digits), value.isFinite else { return nil }
        return value
    }
}
