import Diagnostics
import Foundation

/// Reads Loupe's JSON form of a chart-based acuity session (`"format": "loupe-acuity-session"`).
enum AcuityJSONReader {
    /// The session in `document`, or `nil` (with diagnostics) when anything is wrong.
    static func read(_ document: JSONDocument, log: inout DiagnosticLog) -> AcuitySession? {
        var fileLog = DiagnosticLog()
        defer { log.merge(fileLog) }
        let root = document.rootNode
        root.warnUnknownKeys(["format", "version", "id", "date", "name", "tests"], log: &fileLog)
        let id = root.nonEmptyString("id", log: &fileLog)
        var date: Timestamp?
        if let dateNode = root.member("date") {
            date = SessionFields.timestamp(dateNode, log: &fileLog)
        }
        let name = root.nonEmptyString("name", required: false, log: &fileLog)
        var tests: [AcuityTest] = []
        if let testNodes = root.array("tests", log: &fileLog) {
            if testNodes.isEmpty { root.member("tests")?.error("a session needs at least one test", log: &fileLog) }
            for node in testNodes {
                if let test = readTest(node, log: &fileLog) { tests.append(test) }
            }
        }
        guard !fileLog.hasErrors, let id else { return nil }
        return AcuitySession(id: id, source: SourceLocation(path: document.path), origin: .chartJSON, name: name,
                             date: date, tests: tests)
    }

    private static func readTest(_ node: JSONNode, log: inout DiagnosticLog) -> AcuityTest? {
        guard node.expectObject(log: &log) else { return nil }
        node.warnUnknownKeys(["eye", "optotype", "chartDistanceCM", "testDistanceCM", "rows"], log: &log)
        var eye: Eye?
        if let text = node.string("eye", log: &log) {
            eye = Eye(label: text)
            if eye == nil { node.member("eye")?.error("eye is \"\(text)\"; expected right, left or both (or OD, OS, OU)", log: &log) }
        }
        var optotype: AcuityOptotype?
        if let text = node.string("optotype", log: &log) {
            optotype = AcuityOptotype(label: text)
            if optotype == nil {
                node.member("optotype")?.error("optotype is \"\(text)\"; expected sloan, tumbling-e or landolt-c", log: &log)
            }
        }
        let design = positiveDistance(node, "chartDistanceCM", required: true, log: &log)
        let actual = positiveDistance(node, "testDistanceCM", required: false, log: &log) ?? design
        var levels: [AcuityLevel] = []
        var seen: [Double: JSONNode] = [:]
        if let rows = node.array("rows", log: &log) {
            if rows.isEmpty { node.member("rows")?.error("a test needs at least one row", log: &log) }
            for row in rows {
                guard let level = readRow(row, log: &log) else { continue }
                let key = (level.logMAR * 1000).rounded() / 1000
                if let earlier = seen[key] {
                    row.error("this row repeats the size of \(earlier.path) (logMAR \(VisualAcuity.fixed(level.logMAR, digits: 2))); merge them", log: &log)
                }
                seen[key] = row
                levels.append(level)
            }
        }
        guard let eye, let optotype, let design, let actual else { return nil }
        return AcuityTest(eye: eye, optotype: optotype, levels: levels, designDistanceCM: design, testDistanceCM: actual)
    }

    private static func positiveDistance(_ node: JSONNode, _ key: String, required: Bool, log: inout DiagnosticLog) -> Double? {
        guard let value = node.number(key, required: required, log: &log) else { return nil }
        guard value > 0 else {
            node.member(key)?.error("\(key) must be a distance in centimetres above 0", log: &log)
            return nil
        }
        return value
    }

    private static func readRow(_ node: JSONNode, log: inout DiagnosticLog) -> AcuityLevel? {
        guard node.expectObject(log: &log) else { return nil }
        node.warnUnknownKeys(["logMAR", "snellen", "shown", "read"], log: &log)
        var logMAR: Double?
        var label: String?
        if node.member("logMAR") != nil {
            logMAR = node.number("logMAR", log: &log)
            if let value = logMAR, !(-1...2).contains(value) {
                node.member("logMAR")?.error("logMAR \(value) is outside −1…2; check the row", log: &log)
                logMAR = nil
            }
        } else if let text = node.string("snellen", required: false, log: &log) {
            label = text
            logMAR = VisualAcuity(snellen: text)?.logMAR
            if logMAR == nil {
                node.member("snellen")?.error("snellen is \"\(text)\"; expected a fraction such as 20/40 or 6/12", log: &log)
            }
        } else {
            node.error("a row needs its size: \"logMAR\" (a number) or \"snellen\" (such as \"20/40\")", log: &log)
        }
        guard let shown = node.strings("shown", required: true, log: &log) else { return nil }
        guard let readNodes = node.array("read", log: &log) else { return nil }
        var read: [String?] = []
        for element in readNodes {
            if element.kind == .null { read.append(nil); continue }
            guard let text = element.stringValue else {
                element.error("expected what was read (a string) or null for no answer, found \(element.kindName)", log: &log)
                return nil
            }
            read.append(text)
        }
        if shown.isEmpty { node.member("shown")?.error("a row shows at least one optotype", log: &log) }
        if read.count != shown.count {
            node.member("read")?.error("\(read.count) answers for \(shown.count) optotypes shown; give one answer per optotype (null for none)", log: &log)
            return nil
        }
        guard let logMAR, !shown.isEmpty else { return nil }
        let trials = zip(shown, read).enumerated().map { index, pair in
            let answer = pair.1?.trimmingCharacters(in: .whitespaces)
            let isCorrect = answer.map { $0.caseInsensitiveCompare(pair.0.trimmingCharacters(in: .whitespaces)) == .orderedSame } ?? false
            return AcuityTrial(shown: pair.0, response: answer?.isEmpty == true ? nil : answer, isCorrect: isCorrect,
                               trialNumber: index + 1)
        }
        return AcuityLevel(logMAR: logMAR, label: label, trials: trials, size: shown.count)
    }
}
