import Foundation
import Sessions

extension SessionReporter {
    /// Distances up to this count as near, where M-units are shown.
    static let nearLimitCM = 100.0

    func acuityDocument(_ session: AcuitySession) -> SessionDocument {
        let date = session.date?.minutePrecision
        let tests: [[String: Any]] = session.tests.map(acuityTestContext)
        var uniqueEyes: [String] = []
        for eye in session.tests.map(\.eye.abbreviation) where !uniqueEyes.contains(eye) { uniqueEyes.append(eye) }
        var testNames: [String] = []
        for name in session.tests.map(\.optotypeName) where !testNames.contains(name) { testNames.append(name) }
        let test = testNames.joined(separator: ", ")
        // The index shows name, test, eyes and date: the title carries the first three, the date its own column.
        var title = session.name.map { "\($0) — " } ?? ""
        title += "\(Self.shortTestName(session)) \(uniqueEyes.joined(separator: ", "))"
        let scored = session.tests.compactMap { test in test.score.map { (test.eye, $0) } }
        let summary: [[String: Any]] = scored.enumerated().map { index, pair in
            ["eye": pair.0.abbreviation, "snellenFeet": pair.1.letterByLetter.snellenFeetText,
             "logMAR": pair.1.letterByLetter.logMARText, "last": index == scored.count - 1]
        }
        let ids = session.sessionIDs.isEmpty ? [session.id] : session.sessionIDs
        let context: [String: Any] = [
            "title": title,
            "id": session.id,
            "ids": ids.joined(separator: ", "),
            "plural": ids.count > 1,
            "test": test,
            "hasName": session.name != nil,
            "name": session.name ?? "",
            "hasDate": date != nil,
            "date": date ?? "",
            "eyes": uniqueEyes.joined(separator: ", "),
            "hasSummary": !summary.isEmpty,
            "summary": summary,
            "source": session.origin == .appCSV ? "acuity app export" : "chart test",
            "tests": tests,
        ]
        return SessionDocument(kind: "acuity", slug: SessionID.slug(session.id), template: "acuity", title: title,
                               date: date, context: context)
    }

    /// `ETDRS`, `Landolt C`, `Tumbling E` or `Sloan chart`: short enough for a title.
    static func shortTestName(_ session: AcuitySession) -> String {
        var names: [String] = []
        for test in session.tests {
            let name: String
            switch test.optotype {
            case .sloan: name = session.origin == .appCSV ? "ETDRS" : "Letter chart"
            case .tumblingE: name = "Tumbling E"
            case .landoltC: name = "Landolt C"
            }
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? "Acuity test" : names.joined(separator: " + ")
    }

    func acuityTestContext(_ test: AcuityTest) -> [String: Any] {
        let isNear = test.testDistanceCM <= Self.nearLimitCM
        let correction = AcuityScoring.distanceCorrection(designCM: test.designDistanceCM, actualCM: test.testDistanceCM)
        var context: [String: Any] = [
            "eye": test.eye.abbreviation,
            "eyeName": test.eye.name,
            "optotype": test.optotypeName,
            "distance": Self.distanceText(test.testDistanceCM),
            "hasDistanceRange": test.distanceRangeCM != nil,
            "distanceRange": test.distanceRangeCM.map { "\(Self.distanceText($0.lowerBound)) – \(Self.distanceText($0.upperBound))" } ?? "",
            "hasCorrection": correction != 0,
            "designDistance": Self.distanceText(test.designDistanceCM),
            "correction": Self.signed(correction),
            "isNear": isNear,
            "levelSize": test.levels.first?.size ?? 0,
        ]
        if let score = test.score {
            context["hasScore"] = true
            context["score"] = acuityContext(score.letterByLetter, distanceCM: test.testDistanceCM, isNear: isNear)
            context["hasLine"] = score.line != nil
            if let line = score.line {
                context["line"] = acuityContext(line, distanceCM: test.testDistanceCM, isNear: isNear, nominal: true)
            }
        } else {
            context["hasScore"] = false
        }
        context["levels"] = test.levels.map { level -> [String: Any] in
            let nominal = VisualAcuity(logMAR: level.logMAR)
            // The optotypes' physical size: they were drawn for the design distance.
            let height = nominal.optotypeHeightMM(atDistanceCM: test.designDistanceCM)
            let trials = level.trials.enumerated().map { index, trial -> [String: Any] in
                [
                    "number": trial.trialNumber.map(String.init) ?? String(index + 1),
                    "shown": trial.shown.isEmpty ? "?" : trial.shown,
                    "response": trial.response ?? "—",
                    "isCorrect": trial.isCorrect,
                    "hasTime": trial.responseTimeMS != nil,
                    "time": trial.responseTimeMS.map { VisualAcuity.fixed($0, digits: 0) } ?? "",
                ]
            }
            let times = level.trials.compactMap(\.responseTimeMS)
            return [
                "label": level.label ?? NominalSnellen.feetText(nominal),
                "metreLabel": NominalSnellen.metreText(nominal),
                "logMAR": nominal.logMARText,
                "effectiveLogMAR": VisualAcuity(logMAR: level.logMAR + correction).logMARText,
                "height": VisualAcuity.fixed(height, digits: 2),
                "mUnits": VisualAcuity.fixed(height / 1.4544, digits: 2),
                "read": "\(level.correctCount)/\(level.trials.count)",
                "credited": "\(level.creditedCorrect)/\(level.size)",
                "isStoppedEarly": level.isStoppedEarly,
                "isPassed": level.isPassed,
                "trials": trials,
                "hasMeanTime": !times.isEmpty,
                "meanTime": times.isEmpty ? "" : VisualAcuity.fixed(times.reduce(0, +) / Double(times.count), digits: 0),
            ]
        }
        return context
    }

    func acuityContext(_ acuity: VisualAcuity, distanceCM: Double, isNear: Bool, nominal: Bool = false) -> [String: Any] {
        [
            "logMAR": acuity.logMARText,
            "snellenFeet": nominal ? NominalSnellen.feetText(acuity) : acuity.snellenFeetText,
            "snellenMetre": nominal ? NominalSnellen.metreText(acuity) : acuity.snellenMetreText,
            "decimal": acuity.decimalText,
            "letters": acuity.etdrsLettersText,
            "mar": VisualAcuity.fixed(acuity.mar, digits: 2),
            "isNear": isNear,
            "mUnits": acuity.mUnitsText(atDistanceCM: distanceCM),
            "height": VisualAcuity.fixed(acuity.optotypeHeightMM(atDistanceCM: distanceCM), digits: 2),
        ]
    }

    /// `40 cm`, `3 m`, `6.1 m`.
    static func distanceText(_ centimetres: Double) -> String {
        if centimetres >= 100 { return "\(VisualAcuity.trimmed(centimetres / 100, digits: 2)) m" }
        return "\(VisualAcuity.trimmed(centimetres, digits: 1)) cm"
    }

    /// `+0.10`, `−0.10`.
    static func signed(_ value: Double) -> String {
        let text = VisualAcuity.fixed(abs(value), digits: 2)
        return value < 0 ? "−\(text)" : "+\(text)"
    }
}
