import Diagnostics
import Foundation

/// Reads a veterinary incident (`"format": "loupe-incident"`).
enum IncidentReader {
    /// The incident in `document`, or `nil` with diagnostics.
    static func read(_ document: JSONDocument, log: inout DiagnosticLog) -> Incident? {
        var fileLog = DiagnosticLog()
        defer { log.merge(fileLog) }
        let root = document.rootNode
        root.warnUnknownKeys(["format", "version", "id", "created", "description", "emergency", "veterinarian", "patient",
                              "notes", "photos", "recordings"], log: &fileLog)
        let id = root.nonEmptyString("id", log: &fileLog)
        let created = SessionFields.timestamp(root, "created", required: true, log: &fileLog)
        let summary = root.nonEmptyString("description", required: false, log: &fileLog)
        let isEmergency = root.bool("emergency", default: false, log: &fileLog)
        let veterinarian = root.nonEmptyString("veterinarian", log: &fileLog)
        var patient: Patient?
        if let node = root.object("patient", required: false, log: &fileLog) {
            patient = readPatient(node, log: &fileLog)
        }
        var notes: [IncidentNote] = []
        for node in root.array("notes", required: false, log: &fileLog) ?? [] {
            guard node.expectObject(log: &fileLog) else { continue }
            node.warnUnknownKeys(["time", "text", "cost"], log: &fileLog)
            let time = SessionFields.timestamp(node, "time", required: false, log: &fileLog)
            let text = node.nonEmptyString("text", log: &fileLog)
            let cost = node.member("cost").flatMap { readCost($0, log: &fileLog) }
            if let text { notes.append(IncidentNote(time: time, text: text, cost: cost)) }
        }
        let photos = readAttachments(root, "photos", log: &fileLog)
        let recordings = readAttachments(root, "recordings", log: &fileLog)
        guard !fileLog.hasErrors, let id, let created, let veterinarian else { return nil }
        return Incident(id: id, created: created, summary: summary, isEmergency: isEmergency, veterinarian: veterinarian,
                        patient: patient, notes: notes, photos: photos, recordings: recordings,
                        source: SourceLocation(path: document.path))
    }

    /// A cost in euros: a number or a string as typed on the phone (`45.50`, `148,20`), 0 or more.
    /// An empty string means no cost.
    static func readCost(_ node: JSONNode, log: inout DiagnosticLog) -> Decimal? {
        if let string = node.stringValue, string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return nil }
        let value: Decimal?
        if let number = node.numberValue {
            value = number < 0 ? nil : CostText.amount(number)
            if number < 0 {
                node.error("a cost cannot be negative (\(number)); record refunds as a note without cost", log: &log)
                return nil
            }
        } else if let string = node.stringValue {
            value = CostText.parse(string)
        } else {
            value = nil
        }
        guard let value else {
            let found = node.stringValue.map { "\"\($0)\"" } ?? node.kindName
            node.error("a cost is an amount in euros such as 45.50 or 45,50 (digits and one decimal point or comma), found \(found)", log: &log)
            return nil
        }
        return value
    }

    private static func readPatient(_ node: JSONNode, log: inout DiagnosticLog) -> Patient? {
        node.warnUnknownKeys(["name", "id", "species", "breed", "sex", "neutered", "dateOfBirth", "colour", "features",
                              "transponder", "vaccinations"], log: &log)
        let name = node.nonEmptyString("name", required: false, log: &log)
        let id = node.nonEmptyString("id", log: &log)
        if let id, !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            node.member("id")?.error("the patient id is alphanumeric (letters, digits, hyphens), found \"\(id)\"", log: &log)
        }
        let species = node.nonEmptyString("species", log: &log)
        let breed = node.nonEmptyString("breed", required: false, log: &log)
        var sex = node.nonEmptyString("sex", required: false, log: &log)?.lowercased()
        if let value = sex, !["female", "male", "unknown"].contains(value) {
            node.member("sex")?.error("sex is \"\(value)\"; expected female, male or unknown", log: &log)
            sex = nil
        }
        let neutered = node.member("neutered") == nil ? nil : node.bool("neutered", default: false, log: &log)
        let birth = SessionFields.day(node, "dateOfBirth", log: &log)
        let colour = node.nonEmptyString("colour", required: false, log: &log)
        let features = node.nonEmptyString("features", required: false, log: &log)
        var transponder: Transponder?
        if let chip = node.object("transponder", required: false, log: &log) {
            chip.warnUnknownKeys(["code", "applied", "location"], log: &log)
            if let code = chip.nonEmptyString("code", log: &log) {
                if !code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                    chip.member("code")?.error("a transponder code is alphanumeric, found \"\(code)\"", log: &log)
                } else if !(code.count == 15 && code.allSatisfy(\.isNumber)) {
                    chip.member("code")?.warning("an ISO 11784 transponder code has 15 digits; check \"\(code)\"", log: &log)
                }
                transponder = Transponder(code: code, applied: SessionFields.day(chip, "applied", log: &log),
                                          location: chip.nonEmptyString("location", required: false, log: &log))
            }
        }
        var vaccinations: [Vaccination] = []
        for item in node.array("vaccinations", required: false, log: &log) ?? [] {
            guard item.expectObject(log: &log) else { continue }
            item.warnUnknownKeys(["disease", "product", "batch", "date", "validUntil"], log: &log)
            let disease = item.nonEmptyString("disease", log: &log)
            let date = item.member("date") == nil ? nil : SessionFields.day(item, "date", log: &log)
            if item.member("date") == nil { _ = item.required("date", log: &log) }
            if let disease, let date {
                vaccinations.append(Vaccination(
                    disease: disease, product: item.nonEmptyString("product", required: false, log: &log),
                    batch: item.nonEmptyString("batch", required: false, log: &log), date: date,
                    validUntil: SessionFields.day(item, "validUntil", log: &log)))
            }
        }
        guard let id, let species else { return nil }
        return Patient(name: name, id: id, species: species, breed: breed, sex: sex, isNeutered: neutered,
                       dateOfBirth: birth, colour: colour, features: features, transponder: transponder,
                       vaccinations: vaccinations)
    }

    private static func readAttachments(_ root: JSONNode, _ key: String, log: inout DiagnosticLog) -> [Attachment] {
        var result: [Attachment] = []
        for node in root.array(key, required: false, log: &log) ?? [] {
            guard node.expectObject(log: &log) else { continue }
            node.warnUnknownKeys(["file", "caption", "duration", "markedForDeletion"], log: &log)
            guard let file = node.nonEmptyString("file", log: &log) else { continue }
            var duration = node.number("duration", required: false, log: &log)
            if let value = duration, value < 0 {
                node.member("duration")?.error("a duration is in seconds, 0 or more", log: &log)
                duration = nil
            }
            result.append(Attachment(file: file, caption: node.nonEmptyString("caption", required: false, log: &log),
                                     durationSeconds: duration,
                                     isMarkedForDeletion: node.bool("markedForDeletion", default: false, log: &log)))
        }
        return result
    }
}
