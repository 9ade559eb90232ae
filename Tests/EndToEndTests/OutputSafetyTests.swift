import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `loupe build --out X` replaces X: these run the built binary in temporary project folders and
/// check that it never replaces a folder that holds the user's files, and never publishes a file
/// from outside the content folder.
@Suite("output guard, lock, swap and the content link rule", .serialized)
struct OutputSafetyTests {
    static let templates = LoupeBinary.packageRoot.appendingPathComponent("Templates")
    static let deck = "Category\tTopic\tSubtopic\tImage\tHeader 1\tInfo1\nEyes\tLens\tCataract\tlens.png\tSigns\t- cloudy\n"

    /// A project folder: `content/` (deck, about.md, an image), a copy of `Templates/`, and `site/` unbuilt.
    static func project() throws -> URL {
        let root = try LoupeBinary.temporaryFolder("safety")
        let content = root.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("deck/images"), withIntermediateDirectories: true)
        try Data(deck.utf8).write(to: content.appendingPathComponent("deck/deck.tsv"))
        try Data("# About\n\nHello.\n".utf8).write(to: content.appendingPathComponent("about.md"))
        try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAFElEQVR4nGOUqzjBAANMDEgAhQMAMogBZGgQu3YAAAAASUVORK5CYII=")).write(to: content.appendingPathComponent("deck/images/lens.png"))  // a real 4 × 3 PNG
        try FileManager.default.copyItem(at: templates, to: root.appendingPathComponent("Templates"))
        return root
    }

    /// Runs the binary in `directory` with extra environment variables.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> LoupeBinary.Run {
        try LoupeBinary.run(arguments, in: directory, environment: environment)
    }

    /// Builds in `project` with `--out out` and expects a refusal that leaves every file in place.
    func expectRefused(out: String, in project: URL, extra: [String] = [], environment: [String: String] = [:],
                       saying phrase: String = "refusing") throws {
        let before = LoupeBinary.snapshot(project)
        let run = try Self.run(["build", "--quiet", "--content", "content", "--templates", "Templates", "--out", out] + extra,
                               in: project, environment: environment)
        #expect(run.status == 2, "--out \(out) was accepted or not reported as bad usage: \(run.stderr)")
        #expect(run.stderr.contains(phrase), "--out \(out): \(run.stderr)")
        let after = LoupeBinary.snapshot(project)
        #expect(after.keys.sorted() == before.keys.sorted(), "--out \(out) changed the project's files")
        for (path, data) in before { #expect(after[path] == data, "--out \(out) changed \(path)") }
    }

    // MARK: The output guard

    @Test func refusesTheContentFolderAndFoldersInsideIt() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        try expectRefused(out: "content/deck", in: project)
        try expectRefused(out: "content", in: project)
        try expectRefused(out: "content/new-folder", in: project)
    }

    /// Run from a folder that was deleted (a removed worktree, a renamed project), relative paths lead
    /// nowhere: the build must say so at once. It used to walk up `.`, `..`, `../..` forever at full CPU.
    @Test func aDeletedWorkingFolderIsReportedNotLoopedOn() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let binary = try #require(LoupeBinary.executable, "build the loupe executable first (swift build --product loupe)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "mkdir gone && cd gone && rmdir ../gone && exec timeout 60 \"$0\" build --quiet --content content --out site", binary.path]
        process.currentDirectoryURL = project
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "status \(process.terminationStatus) (124: it hung): \(stderr)")
        #expect(stderr.contains("the working folder no longer exists"), "\(stderr)")
    }

    @Test func refusesTheWorkingFolder() throws {
        let project = try Self.project()
        let elsewhere = try LoupeBinary.temporaryFolder("safety-elsewhere")
        defer { try? FileManager.default.removeItem(at: project); try? FileManager.default.removeItem(at: elsewhere) }
        try expectRefused(out: ".", in: project)
        // Content elsewhere, so only the working-folder rule can refuse.
        try FileManager.default.moveItem(at: project.appendingPathComponent("content"), to: elsewhere.appendingPathComponent("content"))
        let before = LoupeBinary.snapshot(project)
        let run = try Self.run(["build", "--quiet", "--content", elsewhere.appendingPathComponent("content").path, "--templates", "Templates", "--out", "."], in: project)
        #expect(run.status == 2 && run.stderr.contains("working folder"), "\(run.stderr)")
        #expect(LoupeBinary.snapshot(project) == before)
        // A folder containing the working folder.
        let sub = project.appendingPathComponent("Templates/assets")
        let parentRun = try Self.run(["build", "--quiet", "--content", elsewhere.appendingPathComponent("content").path,
                                      "--templates", project.appendingPathComponent("Templates").path, "--out", ".."], in: sub)
        #expect(parentRun.status != 0 && parentRun.stderr.contains("refusing"), "\(parentRun.stderr)")
        #expect(LoupeBinary.snapshot(project) == before)
    }

    @Test func refusesTheTemplatesFolder() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        try expectRefused(out: "Templates", in: project)
        try expectRefused(out: "Templates/assets", in: project)
    }

    @Test func resolvesLinksBeforeDeciding() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        // `notes` is a link to the content folder: `--out notes/deck` is content/deck.
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("notes").path, withDestinationPath: "content")
        try expectRefused(out: "notes/deck", in: project)
        // `--out` itself a link to the content folder.
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("site").path, withDestinationPath: "content")
        try expectRefused(out: "site", in: project)
        // Content reached through a link inside a folder that has Loupe's marker.
        let fake = project.appendingPathComponent("fake")
        try FileManager.default.createDirectory(at: fake.appendingPathComponent(".loupe"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fake.appendingPathComponent("c").path, withDestinationPath: "../content")
        try expectRefused(out: "fake/c", in: project)
    }

    @Test func refusesHomeAndRoot() throws {
        let project = try Self.project()
        let home = try LoupeBinary.temporaryFolder("safety-home")
        defer { try? FileManager.default.removeItem(at: project); try? FileManager.default.removeItem(at: home) }
        try Data("mine".utf8).write(to: home.appendingPathComponent("thesis.txt"))
        try expectRefused(out: home.path, in: project, environment: ["HOME": home.path])
        try expectRefused(out: home.deletingLastPathComponent().path, in: project, environment: ["HOME": home.path])
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("thesis.txt").path))
        let root = try Self.run(["build", "--quiet", "--content", "content", "--templates", "Templates", "--out", "/"], in: project)
        #expect(root.status != 0)
    }

    @Test func replacesOnlyEmptyFoldersOrEarlierSites() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let foreign = project.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("holiday".utf8).write(to: foreign.appendingPathComponent("beach.jpg"))
        try expectRefused(out: "photos", in: project, saying: ".loupe/")
        // A file is not a folder.
        try Data("x".utf8).write(to: project.appendingPathComponent("notes.txt"))
        try expectRefused(out: "notes.txt", in: project)
        // An empty folder and a site from an earlier build are fine.
        try FileManager.default.createDirectory(at: project.appendingPathComponent("site"), withIntermediateDirectories: true)
        let first = try Self.run(["build", "--quiet", "--content", "content", "--templates", "Templates", "--out", "site"], in: project)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("site/.loupe").path))
        let again = try Self.run(["build", "--quiet", "--force", "--content", "content", "--templates", "Templates", "--out", "site"], in: project)
        #expect(again.status == 0, "\(again.stderr)")
    }

    // MARK: Lock, swap, leftovers

    @Test func secondBuildIntoTheSameFolderIsRefusedWhileTheFirstRuns() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        #expect(try Self.run(["build", "--quiet", "--content", "content", "--templates", "Templates", "--out", "site"], in: project).status == 0)
        let before = LoupeBinary.snapshot(project.appendingPathComponent("site"))
        // Hold the lock as a running build would.
        let descriptor = open(project.appendingPathComponent(".site.lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let run = try Self.run(["build", "--quiet", "--force", "--content", "content", "--templates", "Templates", "--out", "site"], in: project)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        #expect(run.status == 1 && run.stderr.contains("another loupe build"), "\(run.stderr)")
        #expect(LoupeBinary.snapshot(project.appendingPathComponent("site")) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: project.path)
        #expect(!names.contains { $0.contains(".staging-") || $0.contains(".old-") }, "\(names)")
    }

    @Test func removesFoldersThatKilledBuildsLeftBehind() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let fileManager = FileManager.default
        // pid_max is far below 9,999,999: these processes are gone. This test process is alive.
        let live = ProcessInfo.processInfo.processIdentifier
        for name in [".site.staging-9999999", ".site.old-9999998", ".site.staging-\(live)", ".other.staging-9999999"] {
            try fileManager.createDirectory(at: project.appendingPathComponent(name + "/deck"), withIntermediateDirectories: true)
        }
        let run = try Self.run(["build", "--quiet", "--content", "content", "--templates", "Templates", "--out", "site"], in: project)
        #expect(run.status == 0, "\(run.stderr)")
        let names = Set(try fileManager.contentsOfDirectory(atPath: project.path))
        #expect(!names.contains(".site.staging-9999999") && !names.contains(".site.old-9999998"))
        #expect(names.contains(".site.staging-\(live)"), "a live process's folder must stay")
        #expect(names.contains(".other.staging-9999999"), "another output's folders are not this build's business")
        #expect(names.contains("site"))
        #expect(!names.contains(".site.lock"), "the lock file is deleted when the build ends")
    }

    // MARK: The link rule

    @Test func linksOutOfTheContentFolderAreNotPublished() throws {
        let project = try Self.project()
        let outside = try LoupeBinary.temporaryFolder("safety-outside")
        defer { try? FileManager.default.removeItem(at: project); try? FileManager.default.removeItem(at: outside) }
        let secret = "SECRET-\(UUID().uuidString)"
        try Data("# \(secret)\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        try Data("{\"format\": \"loupe-incident\", \"note\": \"\(secret)\"}".utf8).write(to: outside.appendingPathComponent("secret.json"))
        let content = project.appendingPathComponent("content")
        let fileManager = FileManager.default
        try fileManager.removeItem(at: content.appendingPathComponent("about.md"))
        try fileManager.createSymbolicLink(atPath: content.appendingPathComponent("about.md").path, withDestinationPath: outside.appendingPathComponent("secret.md").path)
        try fileManager.createDirectory(at: content.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: content.appendingPathComponent("notes/leak.md").path, withDestinationPath: outside.appendingPathComponent("secret.md").path)
        try fileManager.createDirectory(at: content.appendingPathComponent("sessions"), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: content.appendingPathComponent("sessions/leak.json").path, withDestinationPath: outside.appendingPathComponent("secret.json").path)
        try fileManager.createSymbolicLink(atPath: content.appendingPathComponent("deck/images/lens.png.bak").path, withDestinationPath: outside.appendingPathComponent("secret.md").path)
        try fileManager.createSymbolicLink(atPath: content.appendingPathComponent("deck/images/folder").path, withDestinationPath: outside.path)
        let run = try Self.run(["build", "--content", "content", "--templates", "Templates", "--out", "site"], in: project)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["content/about.md", "content/notes/leak.md", "content/sessions/leak.json", "content/deck/images/lens.png.bak", "content/deck/images/folder"] {
            #expect(run.stderr.contains("\(name): warning: this link leads outside the content folder"), "no warning for \(name): \(run.stderr)")
        }
        let site = LoupeBinary.snapshot(project.appendingPathComponent("site"))
        for (path, data) in site { #expect(!String(decoding: data, as: UTF8.self).contains(secret), "\(path) publishes a file from outside the content folder") }
    }

    @Test func linksInsideTheContentFolderWorkAndTheSiteHoldsOnlyRegularFiles() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let content = project.appendingPathComponent("content")
        let fileManager = FileManager.default
        // deck/images is a link to a folder elsewhere in content/, and the image in it a link too.
        try fileManager.createDirectory(at: content.appendingPathComponent("media/originals"), withIntermediateDirectories: true)
        try fileManager.moveItem(at: content.appendingPathComponent("deck/images/lens.png"), to: content.appendingPathComponent("media/originals/lens.png"))
        try fileManager.removeItem(at: content.appendingPathComponent("deck/images"))
        try fileManager.createSymbolicLink(atPath: content.appendingPathComponent("media/lens.png").path, withDestinationPath: "originals/lens.png")
        try fileManager.createSymbolicLink(atPath: content.appendingPathComponent("deck/images").path, withDestinationPath: "../media")
        let run = try Self.run(["build", "--content", "content", "--templates", "Templates", "--out", "site"], in: project)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("lens.png"), "the linked image folder was not used: \(run.stderr)")
        // The image is published as renditions (images/lens-<digest>-<width>.webp …), each a regular file.
        let images = try fileManager.contentsOfDirectory(atPath: project.appendingPathComponent("site/images").path).filter { $0.hasPrefix("lens-") }
        #expect(!images.isEmpty, "the linked image was published")
        for name in images {
            let attributes = try fileManager.attributesOfItem(atPath: project.appendingPathComponent("site/images/" + name).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        }
        let enumerator = try #require(fileManager.enumerator(atPath: project.appendingPathComponent("site").path))
        for case let relative as String in enumerator {
            let type = try fileManager.attributesOfItem(atPath: project.appendingPathComponent("site/" + relative).path)[.type] as? FileAttributeType
            #expect(type == .typeRegular || type == .typeDirectory, "site/\(relative) is not a regular file")
        }
    }

    @Test func linkedContentAndTemplatesFoldersWorkAndChangesRebuild() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: project.appendingPathComponent("c").path, withDestinationPath: "content")
        try fileManager.createSymbolicLink(atPath: project.appendingPathComponent("t").path, withDestinationPath: "Templates")
        let arguments = ["build", "--content", "c", "--templates", "t", "--out", "site"]
        let first = try Self.run(arguments, in: project)
        #expect(first.status == 0, "\(first.stderr)")
        let unchanged = try Self.run(arguments, in: project)
        #expect(unchanged.stderr.contains("up to date"), "\(unchanged.stderr)")
        try Data("# About\n\nChanged.\n".utf8).write(to: project.appendingPathComponent("content/about.md"))
        let changed = try Self.run(arguments, in: project)
        #expect(changed.status == 0 && !changed.stderr.contains("up to date"), "a change behind a linked content folder was missed: \(changed.stderr)")
        let about = try String(contentsOf: project.appendingPathComponent("site/about.html"), encoding: .utf8)
        #expect(about.contains("Changed."))
        // A file the site never reads does not force a rebuild.
        try Data(repeating: 7, count: 1000).write(to: project.appendingPathComponent("content/video.mp4"))
        let unused = try Self.run(arguments, in: project)
        #expect(unused.stderr.contains("up to date"), "\(unused.stderr)")
    }
}
