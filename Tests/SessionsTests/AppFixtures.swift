import Foundation
@testable import Sessions

/// Fixture generators that write files the way each source app's code writes them.
enum AppFixtures {
    // MARK: The near-acuity app (Mabdel-03/VisualAcuityTest)

    /// The app's levels, `acuityList` in ETDRSViewController: 20/200 … 20/16, no 20/25.
    static let acuityLevels = [200, 160, 125, 100, 80, 63, 50, 40, 32, 20, 16]
    /// `etdrsLetters` in ETDRSViewController (older builds had U V instead of X J).
    static let etdrsLetters = ["C", "D", "F", "H", "K", "N", "P", "R", "X", "J", "Z"]

    /// One response as `TestProgressionDataCollector.recordResponse` stores it.
    struct Response {
        var time: Date
        var eye: String
        var testType: String
        var level: Int
        var shown: String
        var distanceCM: Double
        var responseMS: Int
        var answer: String
        var isCorrect: Bool
        var trial: Int
        var sessionID: String
    }

    /// How the phone's `DateFormatter` (fixed pattern, no POSIX locale) writes a date.
    enum PhoneLocale {
        case posix, twelveHour, arabicDigits, buddhist, islamic

        func timestamp(_ date: Date) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
            let (y, mo, d, h, mi, s) = (c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
            let ms = ((c.nanosecond ?? 0) + 500_000) / 1_000_000 % 1000
            let posix = String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", y, mo, d, h, mi, s, ms)
            switch self {
            case .posix: return posix
            case .twelveHour:
                // iOS 17+ puts a narrow no-break space before the day period.
                let hour12 = h % 12 == 0 ? 12 : h % 12
                return String(format: "%04d-%02d-%02d %d:%02d:%02d.%03d", y, mo, d, hour12, mi, s, ms) + "\u{202F}" + (h < 12 ? "AM" : "PM")
            case .arabicDigits:
                let digits = Array("٠١٢٣٤٥٦٧٨٩")
                return String(posix.map { $0.wholeNumberValue.map { digits[$0] } ?? $0 })
            case .buddhist:
                return String(format: "%04d", y + 543) + posix.dropFirst(4)
            case .islamic:
                return "1448" + posix.dropFirst(4)
            }
        }
    }

    /// `generateSessionId`: `"\(testType)_\(eye)_yyyyMMdd_HHmmss"`.
    static func sessionID(testType: String, eye: String, start: Date) -> String {
        let text = PhoneLocale.posix.timestamp(start)
        let compact = text.prefix(19).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            .replacingOccurrences(of: " ", with: "_")
        return "\(testType)_\(eye)_\(compact)"
    }

    /// One eye's test as the app runs it: from 20/200 down, 5 right in a row stops a level early, a level
    /// with fewer than 6 of 10 ends the test. `correctAt` gives the number right (of 10) at each level.
    static func eyeTest(eye: String, testType: String = "ETDRS", start: Date, correctAt: (Int) -> Int,
                        distanceCM: Double = 40) -> [Response] {
        let id = sessionID(testType: testType, eye: eye, start: start)
        var responses: [Response] = []
        var time = start
        for (index, level) in acuityLevels.enumerated() {
            let correct = correctAt(level)
            let results: [Bool] = correct >= 10 ? Array(repeating: true, count: 5)
                : Array(repeating: false, count: 10 - correct) + Array(repeating: true, count: correct)
            for (trial, isCorrect) in results.enumerated() {
                time = time.addingTimeInterval(1.5)
                let shown = testType == "ETDRS" ? etdrsLetters[(index + trial) % etdrsLetters.count]
                    : ["Right", "Down", "Left", "Up"][(index + trial) % 4]
                let wrong = testType == "ETDRS" ? (shown == "C" ? "D" : "C") : (shown == "Up" ? "Down" : "Up")
                responses.append(Response(time: time, eye: eye, testType: testType, level: level, shown: shown,
                                          distanceCM: distanceCM + Double(trial % 3) * 0.1, responseMS: 900 + trial * 10,
                                          answer: isCorrect ? shown : wrong, isCorrect: isCorrect, trial: trial + 1,
                                          sessionID: id))
            }
            if correct < 6 { break }
        }
        return responses
    }

    /// The CSV `shareTestResult` / `performShareAll` write: the name quoted, rows sorted by time.
    static func csv(_ responses: [Response], name: String = "Jane Doe", locale: PhoneLocale = .posix) -> String {
        var csv = "Name,Timestamp,Eye,Test_Type,Acuity_Level,Letter_Displayed,Distance_CM,Response_Time_MS,User_Response,Is_Correct,Trial_Number,Session_ID\n"
        for r in responses.sorted(by: { $0.time < $1.time }) {
            let row = (["\"\(name)\""] + [
                locale.timestamp(r.time), r.eye, r.testType, "20/\(r.level)", r.shown,
                String(format: "%.1f", r.distanceCM), String(r.responseMS), r.answer,
                r.isCorrect ? "TRUE" : "FALSE", String(r.trial), r.sessionID,
            ]).joined(separator: ",")
            csv += row + "\n"
        }
        return csv
    }

    /// A typical normal eye: all to 20/32, 8 of 10 at 20/20, 3 of 10 at 20/16.
    static func normalEye(_ level: Int) -> Int { level >= 32 ? 10 : (level == 20 ? 8 : 3) }

    /// A sitting: right eye at `start`, left eye two minutes after the right one ends.
    static func sitting(start: Date, right: (Int) -> Int = normalEye, left: (Int) -> Int = normalEye) -> [Response] {
        let od = eyeTest(eye: "Right", start: start, correctAt: right)
        let os = eyeTest(eye: "Left", start: (od.last?.time ?? start).addingTimeInterval(120), correctAt: left)
        return od + os
    }

    static let july2 = Date(timeIntervalSince1970: 1_782_984_602) // 2026-07-02 09:30:02 UTC

    // MARK: PARKinetics (ksackvil/CMPT-275): DbHelper.uploadGame as the Firebase console exports it

    /// `{"users": {"<push id>": {"username", "email", "games": {"<push id>": {...}}}}}` with the games'
    /// scores as the app writes them: `String(score)` for what a game measures, `"50"` for the rest.
    static func firebaseExport(games: [(type: String, time: String, score: Int)], username: String = "sam",
                               email: String = "sam@example.org") -> String {
        var entries: [String] = []
        for (index, game) in games.enumerated() {
            let s = String(game.score)
            let scores: [String: String]
            switch game.type {
            case "AG": scores = ["balance": "50", "facial": s, "speech": s, "dexterity": "50", "posture": "50"]
            case "FT": scores = ["balance": "50", "facial": "50", "speech": "50", "dexterity": s, "posture": "50"]
            default: scores = ["balance": s, "facial": "50", "speech": "50", "dexterity": "50", "posture": s]
            }
            let fields = scores.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
            entries.append("\"-NaBcD\(index)x\": {\(fields), \"time\": \(game.time), \"type\": \"\(game.type)\"}")
        }
        return """
        {"users": {"-NaAAuser1": {"email": "\(email)", "games": {\(entries.joined(separator: ", "))}, "username": "\(username)"}}}
        """
    }
}
