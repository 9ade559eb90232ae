/// Says what a JSON file that is not a Loupe session looks like, so the message names the real
/// fix ("pass the whole Documents folder") instead of a missing key.
enum SessionKindGuess {
    static let vjotFolderHint = "pass the whole Documents folder (the folder holding incidents/, patients/ and veterinarians/) to loupe report, or copy it under content/sessions/"

    /// A message for a root array that is not a games history export, or `nil`.
    static func array(_ root: JSONNode) -> String? {
        guard let first = root.elements?.first, first.isObject else { return nil }
        let keys = Set(first.keys)
        if !keys.isDisjoint(with: ["ideas", "snaps", "tapes", "patient_id"]) {
            return "this looks like vjot's incidents.json: " + vjotFolderHint
        }
        if keys.contains("passport") {
            return "this looks like vjot's patients.json: " + vjotFolderHint
        }
        if keys.contains("incident_ids") || keys.contains("cat_favs") {
            return "this looks like vjot's veterinarians.json: " + vjotFolderHint
        }
        return nil
    }

    /// A message for a root object without `format`, or `nil`.
    static func object(_ root: JSONNode) -> String? {
        let keys = Set(root.keys)
        if keys.contains("reviews") || keys.contains("cardNotes") || keys.contains("progress") {
            return "this looks like a study export from the site, not a session: put it in content/progress/ (or content/notes/)"
        }
        if keys.contains("trials") && keys.contains("outline") {
            return "this looks like a note session without \"format\": add \"format\": \"loupe-note-session\""
        }
        if keys.contains("tests") || keys.contains("levels") {
            return "this looks like an acuity session without \"format\": add \"format\": \"loupe-acuity-session\""
        }
        if keys.contains("games") && keys.contains("username") {
            return "this looks like one user of the games app's database: export the whole database from the Firebase console (the file starts with {\"users\": …})"
        }
        return nil
    }

    /// A message for a root string, or `nil`.
    static func string(_ root: JSONNode) -> String? {
        guard let text = root.stringValue, text.count == 36, text.filter({ $0 == "-" }).count == 4 else { return nil }
        return "this looks like vjot's currentId.json: " + vjotFolderHint
    }
}
