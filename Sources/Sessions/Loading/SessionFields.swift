import Diagnostics

/// Field readers shared by the JSON session formats.
enum SessionFields {
    /// A timestamp string (`2025-03-14T10:02:00+00:00`, `2025-03-14 10:02`, `2025-03-14`).
    static func timestamp(_ node: JSONNode, log: inout DiagnosticLog) -> Timestamp? {
        guard let text = node.stringValue else {
            node.error("expected a date and time as a string such as \"2025-03-14T10:02:00+00:00\", found \(node.kindName)", log: &log)
            return nil
        }
        guard let timestamp = Timestamp(parsing: text) else {
            node.error("\"\(text)\" is not a date and time; write it as 2025-03-14T10:02:00+00:00 (ISO 8601)", log: &log)
            return nil
        }
        return timestamp
    }

    /// A timestamp member.
    static func timestamp(_ parent: JSONNode, _ key: String, required: Bool, log: inout DiagnosticLog) -> Timestamp? {
        guard let node = required ? parent.required(key, log: &log) : parent.member(key) else { return nil }
        return timestamp(node, log: &log)
    }

    /// A calendar date member (`yyyy-MM-dd`).
    static func day(_ parent: JSONNode, _ key: String, log: inout DiagnosticLog) -> String? {
        guard let node = parent.member(key) else { return nil }
        guard let text = node.stringValue, text.count == 10, let timestamp = Timestamp(parsing: text) else {
            node.error("expected a date written yyyy-MM-dd, such as \"2021-04-02\"", log: &log)
            return nil
        }
        return timestamp.day
    }
}
