import Foundation
import Templating

extension BuildOptions {
    /// The templates a build uses: ``defaultTemplates`` overridden file by file by the files of the
    /// `templates` folder. When there are defaults, an absent folder simply overrides nothing.
    func templateFiles() throws(TemplateError) -> TemplateFiles {
        if !defaultTemplates.isEmpty && !FileManager.default.fileExists(atPath: templates.path) {
            return defaultTemplates
        }
        return defaultTemplates.overridden(by: try TemplateFiles(directory: templates))
    }
}
