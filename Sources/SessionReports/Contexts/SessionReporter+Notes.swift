import Foundation
import Sessions

extension SessionReporter {
    func noteDocument(_ session: NoteSession) -> SessionDocument {
        let outline = session.outline
        let date = session.started?.minutePrecision
        let title = outline.title + (session.started.map { " — \($0.day)" } ?? "")
        var recordedCount = 0
        var missingCount = 0
        let trials: [[String: Any]] = session.trials.map { trial in
            let categories: [[String: Any]] = outline.categories.map { category in
                let inputs: [[String: Any]] = category.inputs.map { input in
                    guard let entry = trial.entries[input.id] else {
                        missingCount += 1
                        return ["label": input.label, "kind": input.kind.name, "isRecorded": false]
                    }
                    recordedCount += 1
                    let values = entry.values.enumerated().map { index, value -> [String: Any] in
                        var item = Self.valueContext(value, for: input)
                        item["isLast"] = index == entry.values.count - 1
                        return item
                    }
                    return [
                        "label": input.label,
                        "kind": input.kind.name,
                        "isRecorded": true,
                        "isNone": values.isEmpty,
                        "values": values,
                        "hasCompleted": entry.completed != nil,
                        "completed": entry.completed.map { Self.time($0, sameDayAs: session.started) } ?? "",
                    ]
                }
                return ["title": category.title, "inputs": inputs]
            }
            let recorded = trial.entries.count
            return ["number": String(trial.number), "categories": categories,
                    "summary": "\(recorded) of \(outline.inputs.count) inputs recorded"]
        }
        let context: [String: Any] = [
            "title": title,
            "id": session.id,
            "outlineTitle": outline.title,
            "outlineID": outline.id,
            "hasSummary": outline.summary != nil,
            "summary": outline.summary ?? "",
            "hasDate": date != nil,
            "date": date ?? "",
            "hasSubject": session.subject != nil,
            "subject": session.subject ?? "",
            "hasClinician": session.clinician != nil,
            "clinician": session.clinician ?? "",
            "trialCount": String(session.trials.count),
            "plannedTrials": String(outline.trialCount),
            "recordedCount": String(recordedCount),
            "missingCount": String(missingCount),
            "trials": trials,
        ]
        return SessionDocument(kind: "notes", slug: SessionID.slug(session.id), template: "note", title: title,
                               date: date, context: context)
    }

    /// A value as shown: options and text as written; a scale value as a number (generated, so
    /// inserted raw) followed by its unit and description (outline text, escaped).
    static func valueContext(_ value: NoteValue, for input: OutlineInput) -> [String: Any] {
        switch value {
        case .option(let text), .text(let text):
            return ["text": text, "isOther": false, "hasNumber": false]
        case .other(let text):
            return ["text": text, "isOther": true, "hasNumber": false]
        case .number(let number):
            var parts: [String] = []
            if case .scale(let scale) = input.kind {
                if let unit = scale.unit { parts.append(unit) }
                if let label = scale.labels.first(where: { abs($0.key - number) < 1e-9 })?.value { parts.append("— \(label)") }
            }
            return ["text": parts.joined(separator: " "), "isOther": false, "hasNumber": true, "hasSuffix": !parts.isEmpty,
                    "number": NumberScale.format(number)]
        }
    }

    /// The time of day when on the session's day, else the full reading.
    static func time(_ timestamp: Timestamp, sameDayAs start: Timestamp?) -> String {
        if let start, start.day == timestamp.day, let timeOfDay = timestamp.timeOfDay { return timeOfDay }
        return timestamp.description
    }
}
