import ArgumentParser
import Foundation
import LoupeKit

/// `loupe templates`: the built-in templates.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Work with the built-in templates.",
        subcommands: [ExportTemplatesCommand.self])
}

/// `loupe templates export DIR`.
struct ExportTemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the built-in templates and assets into a folder, to customise.",
        discussion: """
        Keep only the files you change: put them in templates/ inside the content folder (or pass \
        --templates); the built-in ones are used for the rest. Refuses to replace existing files.
        """)

    @Argument(help: "The folder to write into.")
    var folder: String

    func run() throws {
        do {
            let paths = try Loupe.exportTemplates(to: URL(fileURLWithPath: folder))
            FileHandle.standardError.write(Data("wrote \(paths.count) files to \(folder)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
