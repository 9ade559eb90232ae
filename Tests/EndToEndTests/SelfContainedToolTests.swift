import Foundation
import Testing

/// The binary used as a new user would: from a folder that holds no templates.
@Suite("Self-contained tool")
struct SelfContainedToolTests {
    @Test func versionAndCompletionScript() throws {
        let folder = try LoupeBinary.temporaryFolder("version")
        defer { try? FileManager.default.removeItem(at: folder) }
        let version = try LoupeBinary.run(["--version"], in: folder)
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        let completion = try LoupeBinary.run(["--generate-completion-script", "bash"], in: folder)
        #expect(completion.status == 0)
        #expect(completion.stdout.contains("serve") && completion.stdout.contains("init"))
    }

    /// libvips and the ~90 libraries it needs cost every run about 25 ms before `main` when linked in, so
    /// it is loaded (`dlopen`) only when an image is made; libcurl is not needed at all. `LD_DEBUG=libs` is glibc's own report of the
    /// libraries it loads.
    @Test func libvipsIsLoadedOnlyWhenAnImageIsMade() throws {
        let folder = try LoupeBinary.temporaryFolder("lazy-vips")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The report goes to files (`<prefix>.<pid>`), not to the pipe the test reads.
        func loaded(_ arguments: [String], _ name: String) throws -> (status: Int32, report: String) {
            let prefix = folder.appendingPathComponent("ld-\(name)").path
            let run = try LoupeBinary.run(arguments, in: folder, environment: ["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": prefix])
            let reports = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("ld-\(name).") }
            let report = try reports.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
            return (run.status, report)
        }
        let version = try loaded(["--version"], "version")
        #expect(version.status == 0)
        #expect(version.report.contains("find library=libcmark"), "glibc reports what it loads")
        #expect(!version.report.contains("libvips"), "libvips is loaded at start")
        // Nothing but `serve` speaks HTTP, and it serves without libcurl (which brought 27 libraries, 4 ms of
        // every start).
        #expect(!version.report.contains("libcurl"), "libcurl is loaded at start")
        #expect(try LoupeBinary.run(["init", "deck"], in: folder).status == 0)
        let build = try loaded(["build", "--content", "deck", "--out", "site"], "build")
        #expect(build.status == 0)
        #expect(build.report.contains("find library=libvips.so.42"), "the deck's drawing is made through libvips")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site/images").path)
        #expect(images.contains { $0.hasPrefix("eye-outline-") && $0.hasSuffix(".webp") })
    }

    @Test func initThenBuildAndCheckFromAFolderWithNoTemplates() throws {
        let folder = try LoupeBinary.temporaryFolder("init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let initRun = try LoupeBinary.run(["init", "my-deck"], in: folder)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let deck = folder.appendingPathComponent("my-deck")
        for path in ["loupe.yml", "about.md", "README.md", "deck/example.tsv", "deck/images/eye-outline.svg", "deck/README.md",
                     "breeds/README.md", "notes/README.txt", "outlines/README.md", "progress/README.md", "templates/README.md"] {
            #expect(FileManager.default.fileExists(atPath: deck.appendingPathComponent(path).path), "\(path) written")
        }
        #expect(FileManager.default.fileExists(atPath: deck.appendingPathComponent("sessions").path))
        let settings = try String(contentsOf: deck.appendingPathComponent("loupe.yml"), encoding: .utf8)
        for key in ["title:", "description:", "# language:", "# deck_name:", "# locale:", "# base_url:", "#   distances:", "#   optotypes:", "#   paper:"] {
            #expect(settings.contains(key), "loupe.yml mentions \(key)")
        }

        let check = try LoupeBinary.run(["check", "--content", "my-deck"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains("warning"), "a new content folder builds without warnings: \(check.stderr)")
        let build = try LoupeBinary.run(["build", "--content", "my-deck", "--out", "site"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let site = folder.appendingPathComponent("site")
        let card = try String(contentsOf: site.appendingPathComponent("deck/anatomy/the-globe/coats-of-the-eye.html"), encoding: .utf8)
        #expect(card.contains("images/eye-outline-"), "the example image is published through the image pipeline")
        #expect(!card.contains("__loupe"), "no live-reload script in a built site")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("assets/site.css").path))
        let builtInCSS = try Data(contentsOf: LoupeBinary.packageRoot.appendingPathComponent("Templates/assets/site.css"))
        #expect(try Data(contentsOf: site.appendingPathComponent("assets/site.css")) == builtInCSS)
    }

    @Test func reportFromAFolderWithNoTemplates() throws {
        let folder = try LoupeBinary.temporaryFolder("report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = LoupeBinary.packageRoot.appendingPathComponent("content/sessions/acuity-chart-2025-04-02.json").path
        let run = try LoupeBinary.run(["report", session, "--out", "docs", "--format", "md,html"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let written = LoupeBinary.snapshot(folder.appendingPathComponent("docs")).keys
        #expect(written.contains { $0.hasPrefix("acuity/") && $0.hasSuffix(".html") }, "\(written.sorted())")
    }

    @Test func initRefusesANonEmptyFolder() throws {
        let folder = try LoupeBinary.temporaryFolder("init-full")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("keep".utf8).write(to: folder.appendingPathComponent("mine.txt"))
        let run = try LoupeBinary.run(["init", "."], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("not empty"))
        #expect(LoupeBinary.snapshot(folder).keys.sorted() == ["mine.txt"])
    }

    @Test func templatesFolderInsideTheContentOverridesFileByFile() throws {
        let content = try LoupeBinary.content(deck: "Category\tTopic\tSubtopic\tHeader 1\tInfo1\nEyes\tLens\tCataract\t# Q?\tA\n",
                                              extra: ["templates/card.md": "CUSTOM CARD {{title}}\n"])
        let out = try LoupeBinary.temporaryFolder("override-out")
        defer { try? FileManager.default.removeItem(at: content); try? FileManager.default.removeItem(at: out) }
        let run = try LoupeBinary.run(["build", "--content", content.path, "--out", out.path + "/site"], in: out)
        #expect(run.status == 0, "\(run.stderr)")
        let card = try String(contentsOf: out.appendingPathComponent("site/deck/eyes/lens/cataract.html"), encoding: .utf8)
        #expect(card.contains("CUSTOM CARD"))
        #expect(card.contains("<html"), "the built-in layout still wraps the overridden card")
        let topic = try String(contentsOf: out.appendingPathComponent("site/deck/eyes/lens/index.html"), encoding: .utf8)
        #expect(!topic.contains("CUSTOM CARD"))
    }

    @Test func aBrokenOverrideIsReportedAtItsOwnPath() throws {
        let content = try LoupeBinary.content(deck: "Category\tTopic\tSubtopic\tHeader 1\tInfo1\nEyes\tLens\tCataract\t# Q?\tA\n",
                                              extra: ["templates/card.md": "line\n{{#open}}\n"])
        defer { try? FileManager.default.removeItem(at: content) }
        let run = try LoupeBinary.run(["check", "--content", content.path], in: content)
        #expect(run.status == 1)
        #expect(run.stderr.range(of: #"/templates/card\.md:\d+:\d+: error: Mustache syntax error"#, options: .regularExpression) != nil,
                "\(run.stderr)")
    }

    @Test func templatesExportWritesTheBuiltInsAndRefusesToOverwrite() throws {
        let folder = try LoupeBinary.temporaryFolder("export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try LoupeBinary.run(["templates", "export", "mine"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let exported = LoupeBinary.snapshot(folder.appendingPathComponent("mine"))
        let repository = LoupeBinary.snapshot(LoupeBinary.packageRoot.appendingPathComponent("Templates"))
            .filter { !($0.key as NSString).lastPathComponent.hasPrefix(".") }
        #expect(exported == repository)
        let again = try LoupeBinary.run(["templates", "export", "mine"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
    }

    @Test func aMissingTemplatesFolderIsBadUsage() throws {
        let content = try LoupeBinary.content(deck: "Category\tTopic\tSubtopic\nEyes\tLens\tCataract\n")
        defer { try? FileManager.default.removeItem(at: content) }
        let run = try LoupeBinary.run(["build", "--content", content.path, "--templates", "no-such-folder"], in: content)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--templates no-such-folder is not a folder"))
    }
}
