import ArgumentParser
import Foundation
import LoupeKit

/// `loupe init [DIR]`: a new content folder.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a new content folder: loupe.yml, about.md, an example deck and a README in each optional folder.",
        discussion: "Refuses a folder that is not empty.")

    @Argument(help: "The folder to create.")
    var folder: String = "content"

    func run() throws {
        do {
            let paths = try Loupe.initContent(at: URL(fileURLWithPath: folder))
            let text = paths.map { "  \(folder)/\($0)\n" }.joined()
            FileHandle.standardError.write(Data(("wrote \(paths.count) files:\n" + text
                + "next: copy your deck export into \(folder)/deck/ and its images into \(folder)/deck/images/, then run\n"
                + "  loupe serve --content \(folder)\n").utf8))
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
