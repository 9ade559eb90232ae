import Foundation
import Testing
@testable import SessionPDF

/// Which WeasyPrint renders is part of what a session PDF is made from.
@Suite("The PDF engine's identity")
struct EngineIdentityTests {
    /// A stand-in interpreter: a shell script that answers every `-c` probe with `answer`.
    static func fakeInterpreter(_ answer: String, status: Int32 = 0, in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("python-\(UUID().uuidString)")
        try Data("#!/bin/sh\nprintf '%s\\n' '\(answer)'\nexit \(status)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    @Test func namesTheInterpreterTheVersionAndWhereItIsImportedFrom() throws {
        let folder = try PDFTools.temporaryFolder("engine-identity")
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = try Self.fakeInterpreter("61.2 /opt/wp/weasyprint/__init__.py", in: folder)
        let renderer = SessionPDFRenderer(paper: .a4, environment: ["LOUPE_PYTHON": python])
        #expect(renderer.engineIdentity() == python + " 61.2 /opt/wp/weasyprint/__init__.py")
    }

    @Test func isNilWhenNoInterpreterHasWeasyPrint() throws {
        let folder = try PDFTools.temporaryFolder("engine-identity")
        defer { try? FileManager.default.removeItem(at: folder) }
        let without = try Self.fakeInterpreter("", status: WeasyPrintDriver.missingEngineStatus, in: folder)
        #expect(SessionPDFRenderer(paper: .a4, environment: ["LOUPE_PYTHON": without]).engineIdentity() == nil)
        #expect(SessionPDFRenderer(paper: .a4, environment: ["LOUPE_PYTHON": "/nonexistent/python3"]).engineIdentity() == nil)
    }

    @Test(.enabled(if: PDFTools.isReady, PDFTools.notReady))
    func theRealEngineReportsItsVersion() throws {
        let identity = try #require(SessionPDFRenderer(paper: .a4).engineIdentity())
        #expect(identity.contains("weasyprint"), "\(identity)")
        #expect(identity.split(separator: " ").dropFirst().first?.first?.isNumber == true, "\(identity)")
    }
}
