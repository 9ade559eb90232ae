import Diagnostics
import Foundation
import Testing
@testable import SessionReports
@testable import Sessions

/// vjot's `Documents/` folder, written the way the app writes it: its own Codable models through
/// `JSONEncoder` with `.prettyPrinted`, `.iso8601` dates and `.convertToSnakeCase` keys
/// (IncidentGig/PatientGig/VeterinarianGig), note texts and costs as UTF-8 `.txt` files
/// (`saveIdea`), photos as `snaps/<UUID>.jpg`, recordings as `tapes/<UUID>.m4a`.
@Suite("vjot's Documents folder")
struct VjotFolderTests {
    // The app's models (IncidentModel.swift, PatientModel.swift and PassportModels/, VeterinarianModel.swift).
    struct Idea: Codable { let id: UUID; let date: Date }
    struct Tape: Codable { let id: UUID; let date: Date; var playing: Bool = false }
    struct Snap: Codable { let id: UUID; let date: Date }
    struct Incident: Codable {
        let id: UUID
        var description: String
        var date: Date
        var ideas: [Idea]
        var snaps: [Snap]
        var tapes: [Tape]
        var patientId: UUID?
        var emergency: Bool
    }
    struct RGB: Codable { var red: Double; var green: Double; var blue: Double }
    struct DescriptionOfAnimal: Codable {
        var pictureId: UUID?
        var name: String?
        var species: String?
        var breed: String?
        var sex: String?
        var dateOfBirth: Date?
        var colour: RGB?
        var notableOrDiscernableFeaturesOrCharacteristics: String?
    }
    struct MarkingOfAnimal: Codable {
        var transponderAlphanumericCode: String?
        var dateOfApplicationOrReadingOfTheTransponder: Date?
        var locationOfTheTransponder: String?
    }
    struct Passport: Codable { var descriptionOfAnimal: DescriptionOfAnimal; var markingOfAnimal: MarkingOfAnimal }
    struct Patient: Codable { let id: UUID; var passport: Passport; var guardianId: UUID?; var notes: String? }
    struct Veterinarian: Codable {
        let id: UUID
        let name: String
        var emailAddress: String?
        var imageId: UUID?
        var incidentIds: [UUID]
        var catFavs: [String: Int]
        var dogFavs: [String: Int]
        var catVotes: [String: Int]
        var dogVotes: [String: Int]
    }

    static func uuid(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n)) ?? UUID() }
    /// A tiny JPEG (signature and JFIF header are all the embedder checks).
    /// A real 8 × 6 JPEG: photos are decoded and shrunk through the image pipeline before they are embedded.
    static let jpeg = Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDIooor5E/SD//Z")!

    /// Writes a Documents folder: a cat (free-text breed "Bengal") with two incidents, one at 23:30 UTC
    /// (00:30 the next day in Dublin), notes with costs as typed ("148,20", "12,5", none), a photo and a recording.
    static func documents(costs: [String] = ["148,20", "12,5", ""]) throws -> URL {
        let root = try ReportSupport.temporaryFolder().appendingPathComponent("Documents")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        encoder.dateEncodingStrategy = .iso8601
        encoder.keyEncodingStrategy = .convertToSnakeCase
        func write(_ data: Data, _ path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let day = Date(timeIntervalSince1970: 1_782_984_602) // 2026-07-02 09:30:02 UTC
        let ideas = costs.indices.map { Idea(id: uuid(10 + $0), date: day.addingTimeInterval(Double($0) * 600)) }
        for (index, idea) in ideas.enumerated() {
            try write(Data("Note \(index + 1): fluids & <b>rest</b>".utf8), "incidents/ideas/texts/\(idea.id.uuidString).txt")
            try write(Data(costs[index].utf8), "incidents/ideas/costs/\(idea.id.uuidString).txt")
        }
        let snap = Snap(id: uuid(20), date: day)
        try write(jpeg, "incidents/snaps/\(snap.id.uuidString).jpg")
        let tape = Tape(id: uuid(30), date: day)
        try write(Data([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]), "incidents/tapes/\(tape.id.uuidString).m4a")
        let incidents = [
            Incident(id: uuid(1), description: "acute poisoning", date: day, ideas: ideas, snaps: [snap], tapes: [tape],
                     patientId: uuid(2), emergency: true),
            Incident(id: uuid(3), description: "", date: day.addingTimeInterval(14 * 3600), ideas: [], snaps: [], tapes: [],
                     patientId: nil, emergency: false), // 23:30:02 UTC = 00:30 on 3 July in Dublin
        ]
        try write(try encoder.encode(incidents), "incidents/incidents.json")
        try write(try encoder.encode(uuid(1)), "incidents/currentId.json")
        let patient = Patient(id: uuid(2), passport: Passport(
            descriptionOfAnimal: DescriptionOfAnimal(name: "Mia", species: "Cat", breed: "Bengal", sex: "Female",
                                                     dateOfBirth: Date(timeIntervalSince1970: 1_600_000_000),
                                                     colour: RGB(red: 0.8, green: 0.5, blue: 0.2)),
            markingOfAnimal: MarkingOfAnimal(transponderAlphanumericCode: "250269604012345")))
        try write(try encoder.encode([patient]), "patients/patients.json")
        let vet = Veterinarian(id: uuid(4), name: "Dr Nikos", emailAddress: "vet@example.org", incidentIds: [uuid(1), uuid(3)],
                               catFavs: [:], dogFavs: [:], catVotes: [:], dogVotes: [:])
        try write(try encoder.encode([vet]), "veterinarians/veterinarians.json")
        return root
    }

    static func reporter() throws -> SessionReporter {
        var reporter = try ReportSupport.reporter(breedLinks: ["beng": "breeds/cat/beng.html"], breedNames: ["beng": "Bengal"])
        reporter.breedAliases = [SessionReporter.breedKey("Bengal"): "beng"]
        reporter.timeZone = TimeZone(identifier: "Europe/Dublin") ?? .current
        return reporter
    }

    @Test func theFolderAsItIsGivesIncidentsDigestsAndCosts() throws {
        let folder = try Self.documents()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        var log = DiagnosticLog()
        let files = try Self.reporter().documents(forFiles: [folder], log: &log)
        #expect(log.all.isEmpty, "\(log.all)")
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.relativePath, $0.contents) })
        let incident = try #require(byPath["incidents/00000000-0000-4000-8000-000000000001.md"])
        #expect(incident.contains("€160.70"), "costs as typed: 148,20 + 12,5")
        #expect(incident.contains("10:30"), "09:30 UTC is shown as 10:30 in Dublin")
        #expect(incident.contains("Dr Nikos"))
        #expect(incident.contains("](../../breeds/cat/beng.html)") || incident.contains("href=\"../../breeds/cat/beng.html\""),
                "the free-text breed links to its page")
        #expect(incident.contains("src=\"data:image/jpeg;base64,"), "the photo is embedded")
        #expect(!incident.contains(Self.uuid(20).uuidString), "no UUID file names")
        #expect(!incident.contains("<b>rest</b>"), "note text is escaped")
        #expect(!incident.contains("vet@example.org"))
        // Digests by local day: the 23:30 UTC incident is on 3 July in Dublin.
        #expect(byPath["incident-digests/2026-07-02.md"] != nil)
        #expect(byPath["incident-digests/2026-07-03.md"] != nil)
        let digest = try #require(byPath["incident-digests/2026-07-02.md"])
        #expect(digest.contains("Note 1: fluids"), "the digest carries the notes' text")
    }

    @Test(arguments: ["1.2.3", "--5", "e"])
    func aCostThatIsNotANumberIsAnErrorAtItsFile(cost: String) throws {
        let folder = try Self.documents(costs: [cost])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        var log = DiagnosticLog()
        let catalog = SessionLoader.load(files: [folder], timeZone: TimeZone(identifier: "UTC") ?? .current, log: &log)
        let error = try #require(log.errors.first)
        #expect(error.location.path.hasSuffix("incidents/ideas/costs/\(Self.uuid(10).uuidString).txt"))
        #expect(catalog.incidents.count == 1, "the other incident is still read")
    }
}
