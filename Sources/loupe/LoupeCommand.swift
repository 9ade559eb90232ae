import ArgumentParser

/// The `loupe` command line.
@main
struct LoupeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loupe",
        abstract: "Generates a study site, calibrated acuity charts and session documents from a content folder.",
        subcommands: [BuildCommand.self, CheckCommand.self],
        defaultSubcommand: nil
    )
}
