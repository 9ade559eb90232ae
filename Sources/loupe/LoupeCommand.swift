import ArgumentParser
import Foundation
import LoupeKit

/// The `loupe` command line.
struct LoupeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loupe",
        abstract: "Generates a study site, calibrated acuity charts and session documents from a content folder.",
        version: Loupe.version,
        subcommands: [BuildCommand.self, CheckCommand.self, ChartCommand.self, ReportCommand.self,
                      ServeCommand.self, InitCommand.self, TemplatesCommand.self, ExportCommand.self]
    )
}

/// Entry point: runs the command and maps failures to Loupe's exit codes
/// (0 success, 1 invalid input, 2 bad usage).
@main
enum Main {
    static func main() async {
        do {
            var command = try LoupeCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = LoupeCommand.exitCode(for: error)
            if code == .validationFailure {
                // ArgumentParser uses EX_USAGE (64) for bad usage; Loupe promises 2.
                FileHandle.standardError.write(Data((LoupeCommand.fullMessage(for: error) + "\n").utf8))
                exit(2)
            }
            LoupeCommand.exit(withError: error)
        }
    }
}
