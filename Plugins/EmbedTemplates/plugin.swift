import Foundation
import PackagePlugin

/// Compiles the repository's `Templates/` folder into the `DefaultTemplates` module: at every build
/// it lists the folder and runs `EmbedTemplatesTool`, which writes one Swift file holding each
/// template and asset. `Templates/` stays the one source of truth; nothing generated is committed.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [.buildCommand(
            displayName: "Embedding Templates/ into \(target.name)",
            executable: try context.tool(named: "EmbedTemplatesTool").url,
            arguments: [folder.path, output.path],
            inputFiles: files(under: folder),
            outputFiles: [output])]
    }

    /// Every regular, non-hidden file under `folder`, sorted by path.
    private func files(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }
}
