import Diagnostics
import Foundation

/// Finds, reads and validates session files into a ``SessionCatalog``.
///
/// A file with any error contributes nothing (no document is made from half a file); other files
/// go on. Ids must give distinct file names per kind; a later duplicate is an error and dropped.
public enum SessionLoader {
    /// Reads `content/sessions/**` (`*.csv`, `*.json`), `content/outlines/*.json` and
    /// `content/progress/games*.json`. Missing folders are fine.
    ///
    /// A folder under `sessions/` that holds `incidents/incidents.json` is vjot's `Documents/` folder and is
    /// read as a whole, its times shown in `timeZone` (the practice's; `time_zone` in `loupe.yml`).
    public static func load(contentDirectory: URL, timeZone: TimeZone = .current, gamesYear: Int? = nil,
                            log: inout DiagnosticLog) -> SessionCatalog {
        let base = contentDirectory.relativePath
        let outlineFiles = listFiles(in: contentDirectory.appendingPathComponent("outlines"), display: base + "/outlines",
                                     recursive: false, log: &log).filter { $0.url.pathExtension.lowercased() == "json" }
        let sessionFiles = listSessionFiles(in: contentDirectory.appendingPathComponent("sessions"), display: base + "/sessions",
                                            log: &log)
        var reportedByStudy = DiagnosticLog()  // progress/ links are reported once, by the study reader
        let gameFiles = listFiles(in: contentDirectory.appendingPathComponent("progress"), display: base + "/progress",
                                  recursive: false, log: &reportedByStudy)
            .filter { $0.url.lastPathComponent.lowercased().hasPrefix("games") && $0.url.pathExtension.lowercased() == "json" }
        var loader = Loader()
        loader.timeZone = timeZone
        loader.gamesYear = gamesYear
        for file in outlineFiles { loader.readOutline(file, log: &log) }
        for folder in sessionFiles.vjotFolders { loader.readVjot(folder, log: &log) }
        for file in sessionFiles.files {
            let ext = file.url.pathExtension.lowercased()
            guard ext == "csv" || ext == "json" else {
                log.warning("not a session file (expected .csv or .json); it is ignored", at: SourceLocation(path: file.display))
                continue
            }
            loader.readSession(file, log: &log)
        }
        for file in gameFiles { loader.readSession(file, log: &log) }
        return loader.finish(log: &log)
    }

    /// Reads the named files (as for `loupe report`), plus outlines from `outlineDirectory` when given.
    /// Outline files may also be among `files`; they are read first.
    /// A named folder that is vjot's `Documents/` folder is read as a whole.
    public static func load(files: [URL], outlineDirectory: URL? = nil, timeZone: TimeZone = .current,
                            gamesYear: Int? = nil, log: inout DiagnosticLog) -> SessionCatalog {
        var loader = Loader()
        loader.timeZone = timeZone
        loader.gamesYear = gamesYear
        if let outlineDirectory {
            for file in listFiles(in: outlineDirectory, display: outlineDirectory.relativePath, recursive: false, log: &log)
            where file.url.pathExtension.lowercased() == "json" {
                loader.readOutline(file, log: &log, quietIfNotOutline: true)
            }
        }
        var named: [SessionFile] = []
        for url in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                if VjotDocumentsReader.isDocumentsFolder(url) {
                    loader.readVjot(SessionFile(url: url, display: url.relativePath), log: &log)
                } else {
                    log.error("this folder is not vjot's Documents folder (no incidents/incidents.json inside); name session files, or the Documents folder itself",
                              at: SourceLocation(path: url.relativePath))
                }
                continue
            }
            named.append(SessionFile(url: url, display: url.relativePath))
        }
        var documents: [(SessionFile, JSONDocument?)] = []
        for file in named {
            let ext = file.url.pathExtension.lowercased()
            guard ext == "csv" || ext == "json" else {
                log.error("not a session file: expected an acuity .csv export or a .json session", at: SourceLocation(path: file.display))
                continue
            }
            if ext == "json" {
                // Outlines first, so a session may come before its outline on the command line.
                guard let data = read(file, log: &log), let document = JSONDocument.parse(data, path: file.display, log: &log)
                else { continue }
                if format(of: document) == SessionFormat.noteOutline.rawValue {
                    loader.addOutline(document, log: &log)
                } else {
                    documents.append((file, document))
                }
            } else {
                documents.append((file, nil))
            }
        }
        for (file, document) in documents {
            if let document { loader.dispatch(document, log: &log) } else { loader.readSession(file, log: &log) }
        }
        return loader.finish(log: &log)
    }

    // MARK: Files

    /// A file and the path diagnostics name it by.
    struct SessionFile {
        var url: URL
        var display: String
        /// The content folder it was listed from (links must stay inside it); `nil` for named files.
        var folder: ContentFolder? = nil
    }

    /// Lists through ``ContentFolder``: links leading outside `directory`'s content folder (its parent) are refused.
    static func listFiles(in directory: URL, display: String, recursive: Bool, log: inout DiagnosticLog) -> [SessionFile] {
        let content = ContentFolder(root: directory.deletingLastPathComponent())
        let entries = recursive ? content.files(under: directory, display: display, log: &log)
            : content.entries(of: directory, display: display, log: &log).filter { !$0.isDirectory }
        return entries.map { SessionFile(url: $0.url, display: $0.display, folder: content) }
    }

    /// Session files under `directory`, and the vjot `Documents/` folders among its folders (read whole).
    /// Listed through ``ContentFolder``: links leading outside the content folder are refused.
    static func listSessionFiles(in directory: URL, display: String,
                                 log: inout DiagnosticLog) -> (files: [SessionFile], vjotFolders: [SessionFile]) {
        let content = ContentFolder(root: directory.deletingLastPathComponent())
        guard content.isDirectory(directory) else { return ([], []) }
        var files: [SessionFile] = []
        var folders: [SessionFile] = []
        var visited: Set<String> = []  // real paths: a link cycle is walked once
        func walk(_ folder: URL, _ shown: String) {
            guard let real = ContentFolder.realPath(folder.path), visited.insert(real).inserted else { return }
            if VjotDocumentsReader.isDocumentsFolder(folder) {
                folders.append(SessionFile(url: folder, display: shown, folder: content))
                return
            }
            for entry in content.entries(of: folder, display: shown, log: &log) {
                if entry.isDirectory { walk(entry.url, entry.display) }
                else { files.append(SessionFile(url: entry.url, display: entry.display, folder: content)) }
            }
        }
        walk(directory, display)
        return (files, folders)
    }

    static func read(_ file: SessionFile, log: inout DiagnosticLog) -> Data? {
        if let folder = file.folder { return folder.read(file.url, display: file.display, log: &log) }
        guard let data = FileManager.default.contents(atPath: file.url.path) else {
            log.error("cannot read this file; check that it exists and is readable", at: SourceLocation(path: file.display))
            return nil
        }
        return data
    }

    static func format(of document: JSONDocument) -> String? {
        document.rootNode.member("format")?.stringValue
    }

    // MARK: Accumulating

    /// Reads files into a catalog, checking ids across files.
    struct Loader {
        var catalog = SessionCatalog()
        var outlinesByID: [String: NoteOutline] = [:]
        var seen: [String: SourceLocation] = [:]
        var appSessions = AcuityVisits.Collector()
        var timeZone = TimeZone.current
        var gamesYear: Int?

        mutating func readVjot(_ folder: SessionFile, log: inout DiagnosticLog) {
            for incident in VjotDocumentsReader.read(folder.url, display: folder.display, timeZone: timeZone, log: &log)
            where claim(kind: "incidents", id: incident.id, at: incident.source, log: &log) {
                catalog.incidents.append(incident)
            }
        }

        mutating func readOutline(_ file: SessionFile, log: inout DiagnosticLog, quietIfNotOutline: Bool = false) {
            guard let data = SessionLoader.read(file, log: &log) else { return }
            var parseLog = DiagnosticLog()
            guard let document = JSONDocument.parse(data, path: file.display, log: &parseLog) else {
                if !quietIfNotOutline { log.merge(parseLog) }
                return
            }
            if quietIfNotOutline && SessionLoader.format(of: document) != SessionFormat.noteOutline.rawValue { return }
            addOutline(document, log: &log)
        }

        mutating func addOutline(_ document: JSONDocument, log: inout DiagnosticLog) {
            guard checkHeader(document, expected: .noteOutline, log: &log),
                  let outline = NoteOutlineReader.read(document, log: &log) else { return }
            if let earlier = outlinesByID[outline.id] {
                log.error("duplicate outline id \"\(outline.id)\" (also in \(earlier.source)); give each outline its own id",
                          at: document.location(ofMember: "id"))
                return
            }
            outlinesByID[outline.id] = outline
            catalog.outlines.append(outline)
        }

        mutating func readSession(_ file: SessionFile, log: inout DiagnosticLog) {
            guard let data = SessionLoader.read(file, log: &log) else { return }
            if file.url.pathExtension.lowercased() == "csv" {
                guard let text = TextDecoding.decode(data) else {
                    log.error("this file is not UTF-8 text; export it again or save it as UTF-8 CSV", at: SourceLocation(path: file.display))
                    return
                }
                // Per-eye sessions become visits once every file is read (``finish()``).
                for session in AcuityCSVReader.read(text, path: file.display, log: &log) {
                    appSessions.add(session, log: &log)
                }
                return
            }
            guard let document = JSONDocument.parse(data, path: file.display, log: &log) else { return }
            dispatch(document, log: &log)
        }

        mutating func dispatch(_ document: JSONDocument, log: inout DiagnosticLog) {
            let root = document.rootNode
            if root.elements != nil {
                if let message = SessionKindGuess.array(root) {
                    log.error(message, at: root.location)
                    return
                }
                addGames(GameHistoryReader.read(document, log: &log), log: &log)
                return
            }
            if let message = SessionKindGuess.string(root) {
                log.error(message, at: root.location)
                return
            }
            if root.member("format") == nil, let users = root.member("users"), users.isObject {
                addGames(FirebaseGamesReader.read(document, year: gamesYear, log: &log), log: &log)
                return
            }
            if root.isObject, root.member("format") == nil, let message = SessionKindGuess.object(root) {
                log.error(message, at: root.location)
                return
            }
            guard root.expectObject(log: &log) else { return }
            guard let name = root.string("format", log: &log) else { return }
            guard let format = SessionFormat(rawValue: name) else {
                let known = SessionFormat.allCases.map(\.rawValue).joined(separator: ", ")
                root.member("format")?.error("unknown format \"\(name)\"; expected one of \(known)", log: &log)
                return
            }
            guard checkHeader(document, expected: format, log: &log) else { return }
            switch format {
            case .acuitySession:
                if let session = AcuityJSONReader.read(document, log: &log),
                   claim(kind: "acuity", id: session.id, at: idLocation(document), log: &log) {
                    catalog.acuity.append(session)
                }
            case .noteOutline:
                addOutline(document, log: &log)
            case .noteSession:
                if let session = NoteSessionReader.read(document, outlines: outlinesByID, log: &log),
                   claim(kind: "notes", id: session.id, at: idLocation(document), log: &log) {
                    catalog.notes.append(session)
                }
            case .incident:
                if let incident = IncidentReader.read(document, log: &log),
                   claim(kind: "incidents", id: incident.id, at: idLocation(document), log: &log) {
                    catalog.incidents.append(incident)
                }
            }
        }

        mutating func addGames(_ users: [GameUser], log: inout DiagnosticLog) {
            for user in users where claim(kind: "games", id: user.uid, at: user.source, log: &log) {
                catalog.gameUsers.append(user)
            }
        }

        func idLocation(_ document: JSONDocument) -> SourceLocation {
            document.location(ofMember: "id")
        }

        /// Checks `format` and `version`.
        func checkHeader(_ document: JSONDocument, expected: SessionFormat, log: inout DiagnosticLog) -> Bool {
            let root = document.rootNode
            guard root.expectObject(log: &log) else { return false }
            guard let name = root.string("format", log: &log) else { return false }
            guard name == expected.rawValue else {
                root.member("format")?.error("format is \"\(name)\" but a \(expected.rawValue) file was expected here", log: &log)
                return false
            }
            if let versionNode = root.member("version") {
                guard let number = versionNode.numberValue, let version = Int(exactly: number) else {
                    versionNode.error("version must be a whole number", log: &log)
                    return false
                }
                if version > SessionFormat.supportedVersion {
                    versionNode.error("version \(version) is newer than this Loupe reads (\(SessionFormat.supportedVersion)); update Loupe", log: &log)
                    return false
                }
            }
            return true
        }

        /// Registers an id for `kind`; reports and refuses a duplicate or an id that names no file.
        mutating func claim(kind: String, id: String, at location: SourceLocation, log: inout DiagnosticLog) -> Bool {
            let slug = SessionID.slug(id)
            guard !slug.isEmpty else {
                log.error("the id \"\(id)\" has no letters or digits to name its document; use an id such as \"session-1\"", at: location)
                return false
            }
            let key = kind + "/" + slug
            if let earlier = seen[key] {
                log.error("duplicate session id \"\(id)\" (also at \(earlier)); give each session its own id", at: location)
                return false
            }
            seen[key] = location
            return true
        }

        mutating func finish(log: inout DiagnosticLog) -> SessionCatalog {
            for visit in appSessions.visits() where claim(kind: "acuity", id: visit.id, at: visit.source, log: &log) {
                catalog.acuity.append(visit)
            }
            return catalog
        }
    }
}
