import Foundation
import Sessions

extension SessionReporter {
    func incidentDocument(_ incident: Incident) -> SessionDocument {
        let money = EuroFormatter(locale: locale)
        var title = incident.isEmergency ? "Emergency: " : "Incident: "
        title += incident.summary ?? incident.patient?.name ?? incident.id
        var context: [String: Any] = [
            "title": title,
            "id": incident.id,
            "created": incident.created.minutePrecision,
            "hasSummary": incident.summary != nil,
            "summary": incident.summary ?? "",
            "isEmergency": incident.isEmergency,
            "veterinarian": incident.veterinarian,
            "hasPatient": incident.patient != nil,
            "hasNotes": !incident.notes.isEmpty,
            "notes": incident.notes.map { note -> [String: Any] in
                [
                    "hasTime": note.time != nil,
                    "time": note.time.map { Self.minutes($0, sameDayAs: incident.created) } ?? "",
                    "text": note.text,
                    "hasCost": note.cost != nil,
                    "cost": note.cost.map(money.string) ?? "",
                ]
            },
            "total": money.string(incident.totalCost),
            "hasPhotos": !incident.photos.isEmpty,
            "photos": incident.photos.map(attachmentContext),
            "hasRecordings": !incident.recordings.isEmpty,
            "recordings": incident.recordings.map(attachmentContext),
            "digestLink": "../incident-digests/\(incident.created.day).html",
            "day": incident.created.day,
        ]
        if let patient = incident.patient { context["patient"] = patientContext(patient) }
        return SessionDocument(kind: "incidents", slug: SessionID.slug(incident.id), template: "incident", title: title,
                               date: incident.created.minutePrecision, context: context)
    }

    func patientContext(_ patient: Patient) -> [String: Any] {
        // By id ("beng"), else by name or alternative name as typed ("Bengal", "bengal cat").
        let breedID = patient.breed.flatMap { breed in breedLinks[breed] != nil ? breed : breedAliases[Self.breedKey(breed)] }
        let breedName = patient.breed.map { breed in breedID.flatMap { breedNames[$0] } ?? breed }
        let link = breedID.flatMap { breedLinks[$0] }.map { "../../" + $0 }
        let details = [patient.transponder?.applied.map { "applied \($0)" }, patient.transponder?.location]
            .compactMap { $0 }.joined(separator: ", ")
        var sex = patient.sex ?? ""
        if let neutered = patient.isNeutered { sex += sex.isEmpty ? (neutered ? "neutered" : "entire") : (neutered ? ", neutered" : ", entire") }
        return [
            "hasName": patient.name != nil,
            "name": patient.name ?? "",
            "id": patient.id,
            "species": patient.species,
            "hasBreed": breedName != nil,
            "breed": breedName ?? "",
            "hasBreedLink": link != nil,
            "breedLink": link ?? "",
            "hasSex": !sex.isEmpty,
            "sex": sex,
            "hasBirth": patient.dateOfBirth != nil,
            "dateOfBirth": patient.dateOfBirth ?? "",
            "hasColour": patient.colour != nil,
            "colour": patient.colour ?? "",
            "hasFeatures": patient.features != nil,
            "features": patient.features ?? "",
            "hasTransponder": patient.transponder != nil,
            "transponder": patient.transponder?.code ?? "",
            "hasTransponderDetails": !details.isEmpty,
            "transponderDetails": details,
            "hasVaccinations": !patient.vaccinations.isEmpty,
            "vaccinations": patient.vaccinations.map { vaccination -> [String: Any] in
                [
                    "disease": vaccination.disease,
                    "product": vaccination.product ?? "—",
                    "batch": vaccination.batch ?? "—",
                    "date": vaccination.date,
                    "validUntil": vaccination.validUntil ?? "—",
                ]
            },
        ]
    }

    func attachmentContext(_ attachment: Attachment) -> [String: Any] {
        [
            "file": attachment.file,
            "hasImage": attachment.embeddedImage != nil,
            "image": attachment.embeddedImage ?? "",
            "hasTime": attachment.time != nil,
            "time": attachment.time?.minutePrecision ?? "",
            "hasProblem": attachment.problem != nil,
            "problem": attachment.problem ?? "",
            "hasCaption": attachment.caption != nil,
            "caption": attachment.caption ?? "",
            "hasDuration": attachment.durationSeconds != nil,
            "duration": attachment.durationSeconds.map(Self.duration) ?? "",
            "isMarkedForDeletion": attachment.isMarkedForDeletion,
        ]
    }

    /// `13:50` on the incident's day, else `2025-05-07 09:00`.
    static func minutes(_ timestamp: Timestamp, sameDayAs start: Timestamp) -> String {
        if start.day == timestamp.day, let timeOfDay = timestamp.timeOfDay { return String(timeOfDay.prefix(5)) }
        return timestamp.minutePrecision
    }

    /// `1:14`.
    static func duration(_ seconds: Double) -> String {
        // A recorded duration beyond a few years is not a real call: show it plainly rather than trap.
        guard seconds.isFinite, abs(seconds) < 1e9, let whole = Int(exactly: seconds.rounded()) else { return String(seconds) + " s" }
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    func dayDocument(_ day: IncidentDay) -> SessionDocument {
        let money = EuroFormatter(locale: locale)
        let title = "Day digest — \(day.day)"
        let emergencies = day.incidents.filter(\.isEmergency).count
        let context: [String: Any] = [
            "title": title,
            "day": day.day,
            "count": String(day.incidents.count),
            "emergencyCount": String(emergencies),
            "hasEmergencies": emergencies > 0,
            "total": money.string(day.total),
            "incidents": day.incidents.map { incident -> [String: Any] in
                [
                    "link": "../incidents/\(SessionID.slug(incident.id)).html",
                    "id": incident.id,
                    "time": incident.created.timeOfDay.map { String($0.prefix(5)) } ?? "",
                    "isEmergency": incident.isEmergency,
                    "summary": incident.summary ?? "(no description)",
                    "veterinarian": incident.veterinarian,
                    "hasPatient": incident.patient != nil,
                    "patient": incident.patient.map { [$0.name, $0.species].compactMap { $0 }.joined(separator: ", ") } ?? "",
                    "noteCount": String(incident.notes.count),
                    "total": money.string(incident.totalCost),
                    "hasFlaggedRecordings": incident.recordings.contains(where: \.isMarkedForDeletion),
                    "hasNotes": !incident.notes.isEmpty,
                    "notes": incident.notes.map { note -> [String: Any] in
                        ["text": note.text, "hasCost": note.cost != nil, "cost": note.cost.map(money.string) ?? ""]
                    },
                ]
            },
            "totals": day.totals.map { total -> [String: Any] in
                [
                    "veterinarian": total.veterinarian,
                    "count": String(total.incidentCount),
                    "emergencies": String(total.emergencyCount),
                    "total": money.string(total.total),
                ]
            },
        ]
        return SessionDocument(kind: "incident-digests", slug: day.day, template: "incident-digest", title: title,
                               date: day.day, context: context)
    }
}
