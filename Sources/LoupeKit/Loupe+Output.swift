import Foundation

extension Loupe {
    /// Why `options.output` may not be replaced by a build (bad usage, checked before anything is read),
    /// or `nil` when it may.
    public static func outputProblem(for options: BuildOptions) -> String? {
        SiteGenerator.outputProblem(for: options)
    }
}
