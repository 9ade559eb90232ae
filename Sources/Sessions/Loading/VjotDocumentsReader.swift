import Diagnostics
import Foundation

/// Reads the vjot jotter app's `Documents/` folder as it is on the phone (the app has no export):
///
/// ```
/// incidents/incidents.json            [Incident] — snake_case keys, ISO-8601 UTC dates
/// incidents/ideas/texts/<UUID>.txt    a note's text
/// incidents/ideas/costs/<UUID>.txt    its cost as typed ("148,20", "12,5", empty = none)
/// incidents/snaps/<UUID>.jpg          photos
/// incidents/tapes/<UUID>.m4a          recordings
/// patients/patients.json              [Patient] with the pet-passport sections
/// veterinarians/veterinarians.json    [Veterinarian] with incident_ids
/// ```
///
/// Times are shown in `timeZone` (the practice's), so day digests group by the local day.
public enum VjotDocumentsReader {
    /// Whether `folder` looks like vjot's Documents folder (it holds `incidents/incidents.json`).
    public static func isDocumentsFolder(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("incidents/incidents.json").path)
    }

    /// The incidents in `folder`; diagnostics name files as `display/…`. An incident with an error is left
    /// out; the others are read.
    static func read(_ folder: URL, display: String, timeZone: TimeZone, log: inout DiagnosticLog) -> [Incident] {
        func file(_ relative: String) -> (url: URL, display: String) {
            (folder.appendingPathComponent(relative), display + "/" + relative)
        }
        func document(_ relative: String, required: Bool) -> JSONDocument? {
            let (url, shown) = file(relative)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                if required { log.error("cannot read this file; vjot keeps its incidents here", at: SourceLocation(path: shown)) }
                return nil
            }
            return JSONDocument.parse(data, path: shown, log: &log)
        }
        guard let incidentsDocument = document("incidents/incidents.json", required: true) else { return [] }
        let patients = readPatients(document("patients/patients.json", required: false), log: &log)
        let vets = readVeterinarians(document("veterinarians/veterinarians.json", required: false), log: &log)
        let root = incidentsDocument.rootNode
        guard let nodes = root.elements else {
            root.error("vjot's incidents.json is a JSON array of incidents, found \(root.kindName)", log: &log)
            return []
        }
        var result: [Incident] = []
        for node in nodes {
            var incidentLog = DiagnosticLog()
            guard node.expectObject(log: &incidentLog) else { log.merge(incidentLog); continue }
            node.warnUnknownKeys(["id", "description", "date", "ideas", "snaps", "tapes", "patient_id", "emergency"], log: &incidentLog)
            let id = node.nonEmptyString("id", log: &incidentLog)
            let date = instant(node, "date", log: &incidentLog)
            let summary = node.member("description")?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines)
            let isEmergency = node.bool("emergency", default: false, log: &incidentLog)
            var notes: [IncidentNote] = []
            for idea in node.array("ideas", required: false, log: &incidentLog) ?? [] {
                guard idea.expectObject(log: &incidentLog), let ideaID = idea.nonEmptyString("id", log: &incidentLog) else { continue }
                let time = instant(idea, "date", log: &incidentLog).map { Timestamp(instant: $0, in: timeZone) }
                let text = file("incidents/ideas/texts/\(safe(ideaID)).txt")
                let cost = file("incidents/ideas/costs/\(safe(ideaID)).txt")
                var noteText = "(the note's text file is missing)"
                if let data = FileManager.default.contents(atPath: text.url.path) {
                    noteText = String(decoding: data, as: UTF8.self)
                } else {
                    incidentLog.warning("the text of note \(ideaID) is missing; the note is listed without it", at: SourceLocation(path: text.display))
                }
                var amount: Decimal?
                if let data = FileManager.default.contents(atPath: cost.url.path) {
                    let typed = String(decoding: data, as: UTF8.self)
                    if !typed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                        amount = CostText.parse(typed)
                        if amount == nil {
                            incidentLog.error("the cost \"\(typed)\" is not an amount (digits with one decimal comma or point, such as 148,20); correct it in vjot",
                                              at: SourceLocation(path: cost.display, line: 1, column: 1))
                        }
                    }
                }
                notes.append(IncidentNote(time: time, text: noteText, cost: amount))
            }
            var photos: [Attachment] = []
            for snap in node.array("snaps", required: false, log: &incidentLog) ?? [] {
                guard snap.expectObject(log: &incidentLog), let snapID = snap.nonEmptyString("id", log: &incidentLog) else { continue }
                let photo = file("incidents/snaps/\(safe(snapID)).jpg")
                var attachment = Attachment(file: "photo \(photos.count + 1)")
                attachment.time = instant(snap, "date", log: &incidentLog).map { Timestamp(instant: $0, in: timeZone) }
                switch PhotoEmbedder.embed(photo.url) {
                case .embedded(let uri): attachment.embeddedImage = uri
                case .missing: attachment.problem = "the photo file is missing"
                case .notAnImage: attachment.problem = "not shown: the file is not a JPEG or PNG image"
                case .tooLarge(let bytes): attachment.problem = "not embedded: \(bytes / 1_000_000) MB is too large for the document"
                }
                photos.append(attachment)
            }
            var recordings: [Attachment] = []
            for tape in node.array("tapes", required: false, log: &incidentLog) ?? [] {
                guard tape.expectObject(log: &incidentLog), let tapeID = tape.nonEmptyString("id", log: &incidentLog) else { continue }
                let recording = file("incidents/tapes/\(safe(tapeID)).m4a")
                var attachment = Attachment(file: "recording \(recordings.count + 1)")
                attachment.time = instant(tape, "date", log: &incidentLog).map { Timestamp(instant: $0, in: timeZone) }
                if !FileManager.default.fileExists(atPath: recording.url.path) { attachment.problem = "the recording file is missing" }
                recordings.append(attachment)
            }
            var patient: Patient?
            if let patientID = node.member("patient_id")?.stringValue {
                patient = patients[patientID.uppercased()]
                if patient == nil {
                    node.member("patient_id")?.warning("patient \(patientID) is not in patients/patients.json; the incident is shown without a patient", log: &incidentLog)
                }
            }
            log.merge(incidentLog)
            guard !incidentLog.hasErrors, let id, let date else { continue }
            result.append(Incident(
                id: id, created: Timestamp(instant: date, in: timeZone), summary: summary?.isEmpty == false ? summary : nil,
                isEmergency: isEmergency, veterinarian: vets[id.uppercased()] ?? "not assigned", patient: patient, notes: notes,
                photos: photos, recordings: recordings, source: node.location))
        }
        return result
    }

    /// A UUID used in a file name: letters, digits and hyphens only, so it can never name a path elsewhere.
    static func safe(_ id: String) -> String {
        String(id.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    }

    /// An ISO-8601 date (`JSONEncoder.dateEncodingStrategy = .iso8601`: `2026-07-02T09:30:02Z`).
    static func instant(_ node: JSONNode, _ key: String, log: inout DiagnosticLog) -> Date? {
        guard let child = node.member(key) else { return nil }
        guard let text = child.stringValue, let timestamp = Timestamp(parsing: text) else {
            child.error("expected an ISO-8601 date such as \"2026-07-02T09:30:02Z\"", log: &log)
            return nil
        }
        return timestamp.instant
    }

    /// Patients by upper-cased UUID, from the pet-passport model (snake_case keys).
    static func readPatients(_ document: JSONDocument?, log: inout DiagnosticLog) -> [String: Patient] {
        guard let document, let nodes = document.rootNode.elements else { return [:] }
        var result: [String: Patient] = [:]
        for node in nodes where node.isObject {
            guard let id = node.member("id")?.stringValue else { continue }
            let animal = node.member("passport")?.member("description_of_animal")
            func text(_ parent: JSONNode?, _ key: String) -> String? {
                guard let value = parent?.member(key)?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines),
                      !value.isEmpty else { return nil }
                return value
            }
            func day(_ parent: JSONNode?, _ key: String) -> String? {
                guard let value = text(parent, key), let timestamp = Timestamp(parsing: value) else { return nil }
                return timestamp.day
            }
            var colour: String?
            if let rgb = animal?.member("colour"), let r = rgb.member("red")?.numberValue, let g = rgb.member("green")?.numberValue,
               let b = rgb.member("blue")?.numberValue, [r, g, b].allSatisfy({ $0.isFinite }) {
                func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
                colour = String(format: "#%02X%02X%02X", byte(r), byte(g), byte(b))
            }
            let marking = node.member("passport")?.member("marking_of_animal")
            var transponder: Transponder?
            if let code = text(marking, "transponder_alphanumeric_code") {
                transponder = Transponder(code: code, applied: day(marking, "date_of_application_or_reading_of_the_transponder"),
                                          location: text(marking, "location_of_the_transponder"))
            }
            var vaccinations: [Vaccination] = []
            for item in node.member("passport")?.member("vaccination_against_rabies")?.member("vaccinations")?.elements ?? [] {
                guard let date = day(item, "vaccination_date") else { continue }
                let vaccine = item.member("rabies_vaccine")
                vaccinations.append(Vaccination(disease: "Rabies", product: text(vaccine, "name_of_vaccine"),
                                                batch: text(vaccine, "batch_number"), date: date,
                                                validUntil: day(item, "valid_until")))
            }
            result[id.uppercased()] = Patient(
                name: text(animal, "name"), id: id, species: text(animal, "species") ?? "not recorded",
                breed: text(animal, "breed"), sex: text(animal, "sex")?.lowercased(), dateOfBirth: day(animal, "date_of_birth"),
                colour: colour, features: text(animal, "notable_or_discernable_features_or_characteristics"),
                transponder: transponder, vaccinations: vaccinations)
        }
        return result
    }

    /// Incident UUID (upper-cased) → the veterinarian's name, from `incident_ids`.
    static func readVeterinarians(_ document: JSONDocument?, log: inout DiagnosticLog) -> [String: String] {
        guard let document, let nodes = document.rootNode.elements else { return [:] }
        var result: [String: String] = [:]
        for node in nodes {
            guard let name = node.member("name")?.stringValue, !name.isEmpty else { continue }
            for id in node.member("incident_ids")?.elements ?? [] {
                if let text = id.stringValue, result[text.uppercased()] == nil { result[text.uppercased()] = name }
            }
        }
        return result
    }
}
