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

    /// Remembered while the interpreter and the module file keep their identities on disk (Python is
    /// not started); asked again once the module is rewritten, as an upgrade does.
    @Test func isRememberedUntilTheModuleChanges() throws {
        let folder = try PDFTools.temporaryFolder("engine-remembered")
        defer { try? FileManager.default.removeItem(at: folder) }
        let module = folder.appendingPathComponent("weasyprint-init.py")
        let version = folder.appendingPathComponent("version")
        let calls = folder.appendingPathComponent("calls")
        try Data("VERSION = '61.2'\n".utf8).write(to: module)
        try Data("61.2".utf8).write(to: version)
        let python = folder.appendingPathComponent("python3")
        try Data("#!/bin/sh\necho x >> '\(calls.path)'\nprintf '%s %s\\n' \"$(cat '\(version.path)')\" '\(module.path)'\n".utf8).write(to: python)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python.path)
        func callCount() -> Int { ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").count }
        let record = folder.appendingPathComponent("cache/pdf-engine-v1")
        let renderer = SessionPDFRenderer(paper: .a4, environment: ["LOUPE_PYTHON": python.path])

        #expect(renderer.engineIdentity(rememberedIn: record) == "\(python.path) 61.2 \(module.path)")
        #expect(callCount() == 1)
        try Data("62.0".utf8).write(to: version)  // neither the interpreter nor the module changed
        #expect(renderer.engineIdentity(rememberedIn: record) == "\(python.path) 61.2 \(module.path)")
        #expect(callCount() == 1, "Python was started although nothing it depends on changed")
        try Data("VERSION = '62.0'\n".utf8).write(to: module)  // the upgrade
        #expect(renderer.engineIdentity(rememberedIn: record) == "\(python.path) 62.0 \(module.path)")
        #expect(callCount() == 2)
    }
}
