import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Malformed input never crashes")
struct MalformedInputTests {
    static let shipped = ["sessions/acuity-app-export.csv", "sessions/acuity-chart-2025-04-02.json",
                          "sessions/incident-2025-05-06-02.json", "outlines/barium-swallow.json", "progress/games.json"]

    @Test(arguments: shipped)
    func truncatedFilesGiveLocatedErrors(name: String) throws {
        let source = TestSupport.repositoryContent.appendingPathComponent(name)
        let data = try Data(contentsOf: source)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for fraction in [0.0, 0.1, 0.33, 0.5, 0.77, 0.95] {
            let cut = data.prefix(Int(Double(data.count) * fraction))
            let file = folder.appendingPathComponent("cut-\(fraction)." + source.pathExtension)
            try cut.write(to: file)
            var log = DiagnosticLog()
            _ = SessionLoader.load(files: [file], log: &log)
            if source.pathExtension == "json" {
                #expect(log.hasErrors, "\(name) cut at \(fraction)")
                #expect(log.errors.allSatisfy { $0.location.line != nil }, "\(log.errors)")
            }
        }
    }

    @Test func wrongEncodingAndBinaryGarbage() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("latin1.csv")
        try Data([0x4E, 0x61, 0x6D, 0xE9, 0x0A, 0xFF, 0xFE, 0xFD]).dropFirst(0).write(to: latin1)
        var log = DiagnosticLog()
        _ = SessionLoader.load(files: [latin1], log: &log)
        #expect(log.errors.first?.message.contains("UTF-8") == true)
        let garbage = folder.appendingPathComponent("garbage.json")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }).write(to: garbage)
        var garbageLog = DiagnosticLog()
        _ = SessionLoader.load(files: [garbage], log: &garbageLog)
        #expect(garbageLog.hasErrors)
    }

    @Test func deeplyNestedAndHugeValues() throws {
        var log = DiagnosticLog()
        let nested = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        if let document = TestSupport.document(nested, log: &log) {
            var loader = SessionLoader.Loader()
            loader.dispatch(document, log: &log)
        }
        #expect(log.hasErrors)
        var bigLog = DiagnosticLog()
        let rows = (0..<20_000).map { "P,,Right,ETDRS,20/40,H,40,,H,\($0 % 3 == 0 ? "FALSE" : "TRUE"),,S\($0 / 100)" }
        let sessions = AcuityCSVReader.read(([TestSupport.csvHeader] + rows).joined(separator: "\n"), path: "big.csv", log: &bigLog)
        #expect(!bigLog.hasErrors)
        #expect(sessions.count == 200)
    }
}
