import Foundation

/// Unique temporary folders for tests, removed when the tests are done with them.
///
/// Every folder is made inside one folder of the test process (`loupe-tests-<UUID>` in the system temporary
/// directory), which is removed with everything in it when the process exits, so a run leaves nothing behind even
/// when a test fails or forgets to clean up. A test that makes large folders may ``remove(_:)`` them sooner.
public enum TemporaryFolder {
    /// The folder holding this process's temporary folders, made on first use and removed at exit.
    static let processFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-tests-\(UUID().uuidString)")
        // Runs at exit, long after this initialiser has stored the value it reads.
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.processFolder) }
        return url
    }()

    /// Makes a new, empty folder `<label>-<UUID>` and returns its URL.
    public static func make(_ label: String = "test") throws -> URL {
        let url = processFolder.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes a folder made by ``make(_:)`` and everything in it.
    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
