import Diagnostics
import Foundation
import LocatedJSON

/// Reads a study export (`notes/*.json`, `progress/*.json`) and reports every problem with its
/// location. A file that cannot be read as a whole (broken JSON, wrong format, a newer version)
/// gives one error and no export; a bad entry gives an error naming it.
public enum StudyExportReader {
    /// Whether `bytes` look like a study export: they name the format. Used to tell study exports
    /// apart from other JSON files that share `progress/` (the rehabilitation games history).
    public static func looksLikeExport(_ bytes: [UInt8]) -> Bool {
        let needle = Array("\"\(StudyExport.formatName)\"".utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// Reads an export from `bytes`; `path` is how the file is named in diagnostics.
    public static func read(_ bytes: [UInt8], path: String, log: inout DiagnosticLog) -> StudyExport? {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            log.error("not valid JSON: \(error.message); fix the file or export it again from the site",
                      at: SourceLocation(path: path, line: error.line, column: error.column))
            return nil
        }
        func at(_ node: JSONNode) -> SourceLocation { SourceLocation(path: path, line: node.line, column: node.column) }
        guard root.members != nil else {
            log.error("a study export is a JSON object with \"format\": \"\(StudyExport.formatName)\"; this file holds \(root.kindName)", at: at(root))
            return nil
        }
        guard let format = root["format"], format.string == StudyExport.formatName else {
            log.error("not a Loupe study export: \"format\" must be \"\(StudyExport.formatName)\"; export the file again from the site's Progress page",
                      at: at(root["format"] ?? root))
            return nil
        }
        guard let versionNode = root["version"] else {
            log.error("the export has no \"version\"; add \"version\": \(StudyExport.currentVersion)", at: at(root))
            return nil
        }
        guard let version = versionNode.number, version == version.rounded(), version >= 1, version < 1_000_000 else {
            log.error("\"version\" must be a whole number from 1; found \(versionNode.kindName)", at: at(versionNode))
            return nil
        }
        if Int(version) > StudyExport.currentVersion {
            log.error("this export is format version \(Int(version)), written by a newer Loupe; this Loupe reads version \(StudyExport.currentVersion) — update Loupe, or export again from a site built by this version",
                      at: at(versionNode))
            return nil
        }
        var export = StudyExport(version: Int(version), path: path)
        var problems = DiagnosticLog()

        func string(_ node: JSONNode?, _ name: String) -> String? {
            guard let node else { return nil }
            if case .null = node.value { return nil }
            guard let text = node.string else {
                problems.error("\"\(name)\" must be a string; found \(node.kindName)", at: at(node))
                return nil
            }
            return text
        }
        func date(_ node: JSONNode?, _ name: String) -> Date? {
            guard let node, let text = string(node, name) else { return nil }
            guard let date = StudyTime.parse(text) else {
                problems.error("\"\(name)\" must be an ISO 8601 time such as 2025-05-01T09:30:00.000Z; found \"\(text.prefix(40))\"", at: at(node))
                return nil
            }
            return date
        }
        func cardId(_ key: String, _ node: JSONNode) -> String? {
            let id = key.trimmingCharacters(in: .whitespaces)
            if id.isEmpty || id.count > 1000 {
                problems.error("a card id must be a `category/topic/subtopic` id of at most 1000 characters", at: at(node))
                return nil
            }
            return id
        }

        export.deck = string(root["deck"], "deck")
        export.exportedAt = date(root["exportedAt"], "exportedAt")

        if let cards = root["cards"] {
            if let members = cards.members {
                for member in members {
                    guard let id = cardId(member.key, member.node) else { continue }
                    guard member.node.members != nil else {
                        problems.error("the entry for card \"\(id)\" must be an object like {\"repeat\": 3}; found \(member.node.kindName)", at: at(member.node))
                        continue
                    }
                    guard let repeatNode = member.node["repeat"], let factor = repeatNode.number,
                          factor == factor.rounded(), RepeatFactor.range.contains(Int(exactly: factor) ?? 0) else {
                        problems.error("card \"\(id)\": \"repeat\" must be a whole number from 1 (completed) to 5 (shown most often)",
                                       at: at(member.node["repeat"] ?? member.node))
                        continue
                    }
                    export.progress.append(CardProgress(card: id, repeatFactor: Int(factor), updatedAt: date(member.node["updatedAt"], "updatedAt"),
                                                        source: at(member.node)))
                }
            } else {
                problems.error("\"cards\" must be an object keyed by card id; found \(cards.kindName)", at: at(cards))
            }
        }

        if let notes = root["notes"] {
            if let members = notes.members {
                for member in members {
                    guard let id = cardId(member.key, member.node) else { continue }
                    let textNode: JSONNode?
                    let updated: Date?
                    if member.node.string != nil {
                        textNode = member.node  // shorthand: "card": "text"
                        updated = nil
                    } else if member.node.members != nil {
                        textNode = member.node["text"]
                        updated = date(member.node["updatedAt"], "updatedAt")
                    } else {
                        problems.error("the note for card \"\(id)\" must be an object like {\"text\": \"…\"}; found \(member.node.kindName)", at: at(member.node))
                        continue
                    }
                    guard let textNode, let text = textNode.string else {
                        problems.error("the note for card \"\(id)\" needs a \"text\" string", at: at(textNode ?? member.node))
                        continue
                    }
                    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { continue }
                    export.notes.append(StudyNote(card: id, text: text, format: .plainText, updatedAt: updated, source: at(member.node)))
                }
            } else {
                problems.error("\"notes\" must be an object keyed by card id; found \(notes.kindName)", at: at(notes))
            }
        }

        if let reviews = root["reviews"] {
            if let elements = reviews.array {
                for element in elements {
                    guard element.members != nil else {
                        problems.error("each review must be an object like {\"card\": \"…\", \"rating\": \"easy\", \"at\": \"…\"}; found \(element.kindName)", at: at(element))
                        continue
                    }
                    guard let cardNode = element["card"], let card = cardNode.string.flatMap({ cardId($0, cardNode) }) else {
                        problems.error("the review needs a \"card\" id", at: at(element["card"] ?? element))
                        continue
                    }
                    guard let ratingNode = element["rating"], let rating = ratingNode.string.flatMap(StudyRating.init(rawValue:)) else {
                        problems.error("the review of \"\(card)\" needs a \"rating\" of \"easy\", \"unsure\" or \"hard\"", at: at(element["rating"] ?? element))
                        continue
                    }
                    guard element["at"] != nil else {
                        problems.error("the review of \"\(card)\" needs an \"at\" time", at: at(element))
                        continue
                    }
                    guard let time = date(element["at"], "at") else { continue }
                    export.reviews.append(StudyReview(card: card, rating: rating, at: time))
                }
            } else {
                problems.error("\"reviews\" must be an array; found \(reviews.kindName)", at: at(reviews))
            }
        }
        export.reviews.sort { ($0.at, $0.card, $0.rating.rawValue) < ($1.at, $1.card, $1.rating.rawValue) }
        log.merge(problems)
        return problems.hasErrors ? nil : export
    }
}
