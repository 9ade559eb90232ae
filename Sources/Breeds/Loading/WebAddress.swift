import Foundation

/// Validation of link addresses taken from the data.
enum WebAddress {
    /// The address when it is an absolute `http`/`https` URL with a host and no characters that could
    /// break out of an attribute; `nil` otherwise (`javascript:`, `data:`, relative paths, spaces, quotes).
    static func validated(_ text: String) -> String? {
        guard text.count <= 2000 else { return nil }
        let forbidden = CharacterSet(charactersIn: "\"'<>`\\ ").union(.controlCharacters).union(.whitespacesAndNewlines)
        guard text.rangeOfCharacter(from: forbidden) == nil,
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil
        else { return nil }
        return text
    }
}
