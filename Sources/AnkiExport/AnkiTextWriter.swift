/// Writes an ``AnkiPackage``'s notes in Anki's plain-text import format (Anki 2.1.55 and later):
/// tab-separated, HTML fields, with header lines naming the GUID, deck and tags columns.
///
/// Columns: GUID, deck, then one per field of the note type, then tags. Media are not part of the
/// text format; the `<img>` fields name files the user copies into Anki's media folder.
public enum AnkiTextWriter {
    /// The text file for `package`.
    public static func text(for package: AnkiPackage) -> String {
        let type = package.noteType
        let columns = ["GUID", "Deck"] + type.fields + ["Tags"]
        var out = "#separator:tab\n#html:true\n"
        out += "#notetype:" + oneLine(type.name) + "\n"
        out += "#columns:" + columns.map(cell).joined(separator: "\t") + "\n"
        out += "#guid column:1\n#deck column:2\n#tags column:\(columns.count)\n"
        for note in package.notes {
            let fields = (0..<type.fields.count).map { note.fields.indices.contains($0) ? note.fields[$0] : "" }
            let row = [note.guid, note.deck] + fields + [note.tags.joined(separator: " ")]
            out += row.map(cell).joined(separator: "\t") + "\n"
        }
        return out
    }

    /// A cell quoted as CSV does when it holds a tab, a line break or a double quote.
    static func cell(_ value: String) -> String {
        guard value.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\"" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }
}
