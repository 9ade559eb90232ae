import Diagnostics
import Foundation

/// Reads the acuity app's CSV export: one row per optotype, sessions grouped by `Session_ID`.
enum AcuityCSVReader {
    /// The app's columns, in its order.
    static let columns = ["Name", "Timestamp", "Eye", "Test_Type", "Acuity_Level", "Letter_Displayed", "Distance_CM",
                          "Response_Time_MS", "User_Response", "Is_Correct", "Trial_Number", "Session_ID"]
    /// Columns without which a row cannot be scored.
    static let requiredColumns: Set<String> = ["Eye", "Test_Type", "Acuity_Level", "Distance_CM", "Is_Correct", "Session_ID"]

    /// One parsed row, before grouping.
    private struct Record {
        var line: Int
        var sessionID: String
        var name: String?
        var timestamp: Timestamp?
        var eye: Eye
        var optotype: AcuityOptotype
        var level: VisualAcuity
        var levelLabel: String
        var distanceCM: Double
        var trial: AcuityTrial
    }

    /// The sessions in `text`, in order of first appearance. Problems go to `log`; a file with
    /// any error gives no sessions, so no document is made from half a file.
    static func read(_ text: String, path: String, log: inout DiagnosticLog) -> [AcuitySession] {
        var fileLog = DiagnosticLog()
        defer { log.merge(fileLog) }
        guard let table = CSVTable.parse(text, path: path, log: &fileLog) else { return [] }
        guard let header = table.rows.first else {
            fileLog.error("the file is empty; expected the acuity app's header row \(columns.joined(separator: ","))",
                          at: SourceLocation(path: path, line: 1, column: 1))
            return []
        }
        if let message = wrongKind(header) {
            fileLog.error(message, at: SourceLocation(path: path, line: header.line, column: 1))
            return []
        }
        var columnIndex: [String: Int] = [:]
        for (index, field) in header.fields.enumerated() {
            let name = field.text.trimmingCharacters(in: .whitespaces)
            guard let known = columns.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                if !name.isEmpty {
                    fileLog.warning("unknown column \"\(name)\" is ignored",
                                    at: SourceLocation(path: path, line: field.line, column: field.column))
                }
                continue
            }
            if columnIndex[known] != nil {
                fileLog.error("column \"\(known)\" appears twice; keep one",
                              at: SourceLocation(path: path, line: field.line, column: field.column))
            }
            columnIndex[known] = index
        }
        let missing = columns.filter { requiredColumns.contains($0) && columnIndex[$0] == nil }
        if !missing.isEmpty {
            fileLog.error("missing column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); the header must be \(columns.joined(separator: ","))",
                          at: SourceLocation(path: path, line: header.line, column: 1))
            return []
        }
        if fileLog.hasErrors { return [] }

        var records: [Record] = []
        var locale = LocaleStatistics()
        for row in table.rows.dropFirst() {
            if let record = parse(row, columnIndex: columnIndex, headerCount: header.fields.count, path: path,
                                  locale: &locale, log: &fileLog) {
                records.append(record)
            }
        }
        locale.report(path: path, log: &fileLog)
        if records.isEmpty && !fileLog.hasErrors {
            fileLog.error("the file has a header but no rows; export a session from the acuity app",
                          at: SourceLocation(path: path, line: header.line, column: 1))
        }
        if fileLog.hasErrors { return [] }
        return group(plausible(records, path: path, log: &fileLog), path: path, log: &fileLog)
    }

    private static func parse(_ row: CSVTable.Row, columnIndex: [String: Int], headerCount: Int, path: String,
                              locale: inout LocaleStatistics, log: inout DiagnosticLog) -> Record? {
        if row.fields.count != headerCount {
            let extraAllowed = row.fields.count > headerCount && row.fields[headerCount...].allSatisfy { $0.text.isEmpty }
            if !extraAllowed {
                log.error("this row has \(row.fields.count) fields but the header has \(headerCount); quote any field that contains a comma",
                          at: SourceLocation(path: path, line: row.line, column: 1))
                return nil
            }
        }
        var failed = false
        func field(_ column: String) -> CSVTable.Field? {
            guard let index = columnIndex[column], index < row.fields.count else { return nil }
            return row.fields[index]
        }
        func fail(_ field: CSVTable.Field?, _ message: String) {
            failed = true
            log.error(message, at: SourceLocation(path: path, line: field?.line ?? row.line, column: field?.column ?? 1))
        }
        func text(_ column: String) -> String { field(column)?.text.trimmingWhitespaces ?? "" }

        let sessionID = text("Session_ID")
        if sessionID.isEmpty { fail(field("Session_ID"), "Session_ID is empty; every row needs the id of its session") }

        let eye = Eye(label: text("Eye"))
        if eye == nil { fail(field("Eye"), "Eye is \"\(text("Eye"))\"; expected Left, Right or Both") }

        let optotype = AcuityOptotype(label: text("Test_Type"))
        if optotype == nil { fail(field("Test_Type"), "Test_Type is \"\(text("Test_Type"))\"; expected ETDRS or Landolt_C") }

        let level = VisualAcuity(snellen: text("Acuity_Level"))
        if level == nil {
            fail(field("Acuity_Level"), "Acuity_Level is \"\(text("Acuity_Level"))\"; expected a Snellen fraction such as 20/40")
        }

        let distance = Double(text("Distance_CM"))
        if distance == nil || !(distance ?? 0).isFinite || (distance ?? 0) <= 0 {
            fail(field("Distance_CM"), "Distance_CM is \"\(text("Distance_CM"))\"; expected a distance in centimetres above 0, such as 40")
        }

        var isCorrect = false
        switch text("Is_Correct").uppercased() {
        case "TRUE": isCorrect = true
        case "FALSE": isCorrect = false
        default: fail(field("Is_Correct"), "Is_Correct is \"\(text("Is_Correct"))\"; expected TRUE or FALSE")
        }

        var timestamp: Timestamp?
        if !text("Timestamp").isEmpty {
            if let parsed = PhoneTimestamp(parsing: text("Timestamp")) {
                timestamp = parsed.timestamp
                locale.count(parsed, line: row.line)
            } else {
                fail(field("Timestamp"), "Timestamp is \"\(text("Timestamp"))\"; expected yyyy-MM-dd HH:mm:ss.SSS")
            }
        }

        var responseTime: Double?
        if !text("Response_Time_MS").isEmpty {
            responseTime = Double(text("Response_Time_MS"))
            if responseTime == nil || !(responseTime ?? 0).isFinite || (responseTime ?? 0) < 0 {
                fail(field("Response_Time_MS"), "Response_Time_MS is \"\(text("Response_Time_MS"))\"; expected milliseconds (0 or more)")
            }
        }

        var trialNumber: Int?
        if !text("Trial_Number").isEmpty {
            trialNumber = Int(text("Trial_Number"))
            if trialNumber == nil || (trialNumber ?? 0) < 1 {
                fail(field("Trial_Number"), "Trial_Number is \"\(text("Trial_Number"))\"; expected a whole number from 1")
            }
        }

        guard !failed, let eye, let optotype, let level, let distance else { return nil }
        let response = text("User_Response")
        let name = text("Name")
        return Record(
            line: row.line, sessionID: sessionID, name: name.isEmpty ? nil : name, timestamp: timestamp, eye: eye,
            optotype: optotype, level: level, levelLabel: text("Acuity_Level"), distanceCM: distance,
            trial: AcuityTrial(shown: text("Letter_Displayed"), response: response.isEmpty ? nil : response,
                               isCorrect: isCorrect, responseTimeMS: responseTime, trialNumber: trialNumber,
                               timestamp: timestamp))
    }

    /// A message for a CSV that is not the detailed export, or `nil`.
    private static func wrongKind(_ header: CSVTable.Row) -> String? {
        let names = Set(header.fields.map { $0.text.trimmingCharacters(in: .whitespaces).lowercased() })
        if names.contains("right_eye_result") || names.contains("test_date") {
            return "this is the acuity app's summary export (Name,Test_Date,Right_Eye_Result,Left_Eye_Result), which the app writes when a test has no per-letter rows; Loupe scores from the detailed export: share the test again after running it, or use \"Share All Tests\""
        }
        if names.contains("transcribed_text") || names.contains("mapped_result") {
            return "this is the acuity app's voice-recognition data collection export (Letter_Displayed,Transcribed_Text,Mapped_Result), not a test; share the test itself"
        }
        if let first = header.fields.first?.text, first.hasPrefix("No data available") || first.hasPrefix("No test data") {
            return "the app exported no rows (\"\(first)\"); run a test before sharing"
        }
        return nil
    }

    /// Rows the phone's locale changed, counted per file and reported once each.
    private struct LocaleStatistics {
        var twelveHour: [Int] = []
        var localDigits: [Int] = []
        var buddhist: [Int] = []
        var japanese: [Int] = []
        var unknown: [Int] = []
        var unknownYears: Set<Int> = []

        mutating func count(_ parsed: PhoneTimestamp, line: Int) {
            if parsed.usedTwelveHourClock { twelveHour.append(line) }
            if parsed.usedLocalDigits { localDigits.append(line) }
            switch parsed.calendar {
            case .gregorian: break
            case .buddhist: buddhist.append(line)
            case .japanese: japanese.append(line)
            case .unknown(let year): unknown.append(line); unknownYears.insert(year)
            }
        }

        func report(path: String, log: inout DiagnosticLog) {
            func rows(_ lines: [Int]) -> String { lines.count == 1 ? "1 row" : "\(lines.count) rows" }
            func at(_ lines: [Int]) -> SourceLocation { SourceLocation(path: path, line: lines.first, column: 1) }
            if !buddhist.isEmpty {
                log.warning("\(rows(buddhist)) have a Buddhist-calendar year (the phone's calendar); converted to Gregorian (year − 543)", at: at(buddhist))
            }
            if !japanese.isEmpty {
                log.warning("\(rows(japanese)) have a Japanese-era year (the phone's calendar); read as the Reiwa era (year + 2018); check the dates shown", at: at(japanese))
            }
            if !unknown.isEmpty {
                let years = unknownYears.sorted().map(String.init).joined(separator: ", ")
                log.warning("\(rows(unknown)) have the year \(years), from a calendar with other months (Islamic, Hebrew, Persian…); their dates cannot be converted and are not shown; set the phone's calendar to Gregorian before testing", at: at(unknown))
            }
        }
    }

    /// Plausible rows only: a distance within 10 cm – 10 m and a level within −0.3 … +1.3 logMAR; a level
    /// with fewer than 3 trials is left out of the score. Each is a warning naming the row.
    private static func plausible(_ records: [Record], path: String, log: inout DiagnosticLog) -> [Record] {
        var kept = records.filter { record in
            let location = SourceLocation(path: path, line: record.line, column: 1)
            if !(10...1000).contains(record.distanceCM) {
                log.warning("Distance_CM \(VisualAcuity.trimmed(record.distanceCM, digits: 1)) is outside 10 cm – 10 m; this row is left out of the score", at: location)
                return false
            }
            if !(-0.3 - 1e-9...1.3 + 1e-9).contains(record.level.logMAR) {
                log.warning("Acuity_Level \(record.levelLabel) (logMAR \(record.level.logMARText)) is outside −0.3 … +1.3; this row is left out of the score", at: location)
                return false
            }
            return true
        }
        struct LevelKey: Hashable { var session: String; var eye: Eye; var optotype: AcuityOptotype; var level: Double }
        var counts: [LevelKey: [Int]] = [:]
        func key(_ record: Record) -> LevelKey {
            LevelKey(session: record.sessionID, eye: record.eye, optotype: record.optotype,
                     level: (record.level.logMAR * 1000).rounded() / 1000)
        }
        for record in kept { counts[key(record), default: []].append(record.line) }
        var reported: Set<LevelKey> = []
        kept = kept.filter { record in
            let recordKey = key(record)
            guard let lines = counts[recordKey], lines.count < 3 else { return true }
            if reported.insert(recordKey).inserted {
                log.warning("level \(record.levelLabel) of session \(record.sessionID) has only \(lines.count) trial\(lines.count == 1 ? "" : "s") (fewer than 3); it is left out of the score", at: SourceLocation(path: path, line: lines.first, column: 1))
            }
            return false
        }
        return kept
    }

    /// Groups rows into sessions (by `Session_ID`), tests (by eye and optotype) and levels.
    private static func group(_ records: [Record], path: String, log: inout DiagnosticLog) -> [AcuitySession] {
        var sessionOrder: [String] = []
        var bySession: [String: [Record]] = [:]
        for record in records {
            if bySession[record.sessionID] == nil { sessionOrder.append(record.sessionID) }
            bySession[record.sessionID, default: []].append(record)
        }
        return sessionOrder.compactMap { id -> AcuitySession? in
            guard let rows = bySession[id], let first = rows.first else { return nil }
            let names = Set(rows.compactMap(\.name))
            if names.count > 1 {
                log.warning("session \(id) has rows with different names (\(names.sorted().joined(separator: ", "))); the first is shown",
                            at: SourceLocation(path: path, line: first.line, column: 1))
            }
            struct TestKey: Hashable { var eye: Eye; var optotype: AcuityOptotype }
            var testOrder: [TestKey] = []
            var byTest: [TestKey: [Record]] = [:]
            for row in rows {
                let key = TestKey(eye: row.eye, optotype: row.optotype)
                if byTest[key] == nil { testOrder.append(key) }
                byTest[key, default: []].append(row)
            }
            let tests = testOrder.compactMap { key -> AcuityTest? in
                guard let testRows = byTest[key] else { return nil }
                return makeTest(key.eye, key.optotype, testRows)
            }
            let date = rows.compactMap(\.timestamp).min()
            return AcuitySession(id: id, source: SourceLocation(path: path, line: first.line, column: 1),
                                 origin: .appCSV, name: rows.compactMap(\.name).first, date: date, tests: tests)
        }
    }

    private static func makeTest(_ eye: Eye, _ optotype: AcuityOptotype, _ rows: [Record]) -> AcuityTest {
        var levelOrder: [Double] = []
        var byLevel: [Double: [Record]] = [:]
        for row in rows {
            let key = (row.level.logMAR * 1000).rounded() / 1000
            if byLevel[key] == nil { levelOrder.append(key) }
            byLevel[key, default: []].append(row)
        }
        let levels = levelOrder.compactMap { key -> AcuityLevel? in
            guard let levelRows = byLevel[key], let first = levelRows.first else { return nil }
            // Trial_Number orders trials when present; equal numbers keep file order (stable sort).
            let ordered = levelRows.enumerated().sorted { lhs, rhs in
                let left = lhs.element.trial.trialNumber ?? Int.max
                let right = rhs.element.trial.trialNumber ?? Int.max
                return left != right ? left < right : lhs.offset < rhs.offset
            }.map(\.element.trial)
            return AcuityLevel(logMAR: first.level.logMAR, label: first.levelLabel, trials: ordered, size: 10,
                               appliesEarlyStop: true)
        }
        let distances = rows.map(\.distanceCM)
        let mean = distances.reduce(0, +) / Double(distances.count)
        let low = distances.min() ?? mean
        let high = distances.max() ?? mean
        // The app sizes each optotype for the distance it measures, so design and test distance agree.
        return AcuityTest(eye: eye, optotype: optotype, levels: levels, designDistanceCM: mean, testDistanceCM: mean,
                          distanceRangeCM: high - low >= 0.5 ? low...high : nil)
    }
}
