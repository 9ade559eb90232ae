import Diagnostics
import Foundation
import ImagePipeline
import Yams

/// Site settings from `content/loupe.yml`.
public struct SiteSettings: Sendable, Equatable, Decodable {
    /// The site title shown in every page header.
    public var title: String
    /// A one-line description for the home page and `<meta name="description">`.
    public var description: String
    /// Absolute base URL of the published site, if known (used only in metadata).
    public var baseURL: String?
    /// The `lang` of every page.
    public var language: String
    /// Chart distances written by `build` (e.g. `40cm`, `3m`, `20ft`).
    public var chartDistances: [String]
    /// Chart optotypes written by `build` (`sloan`, `tumbling-e`, `landolt-c`).
    public var chartOptotypes: [String]
    /// Paper size of the site's charts.
    public var chartPaper: String
    /// Deck name, used as the key for progress and notes in the browser.
    public var deckName: String
    /// Locale used for currency in session documents.
    public var locale: String
    /// The practice's time zone (`time_zone`, an IANA name such as `Europe/Dublin`) for vjot incidents;
    /// `nil` means the machine's.
    public var timeZone: String?
    /// The year of week-numbered rehabilitation games whose file does not tell it (`games_year`).
    public var gamesYear: Int?
    /// Paper of the session PDFs: `a4` or `letter` (top-level `paper`).
    public var paper: String = "a4"
    /// Whether `build` puts the deck on the site as an Anki package (`deck.apkg`) linked from the home page.
    public var anki = false
    /// Image renditions: widths, quality, formats (`images:`; see docs/images.md).
    public var images: ImageSettings = .defaults

    /// Defaults used when `loupe.yml` is missing or omits a key.
    public static let defaults = SiteSettings(
        title: "Loupe", description: "A study site made with Loupe.", baseURL: nil, language: "en",
        chartDistances: ["40cm", "3m", "4m", "20ft"], chartOptotypes: ["sloan", "tumbling-e", "landolt-c"],
        chartPaper: "a4", deckName: "loupe", locale: "en_IE")

    init(title: String, description: String, baseURL: String?, language: String, chartDistances: [String],
         chartOptotypes: [String], chartPaper: String, deckName: String, locale: String) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.language = language
        self.chartDistances = chartDistances
        self.chartOptotypes = chartOptotypes
        self.chartPaper = chartPaper
        self.deckName = deckName
        self.locale = locale
    }

    enum CodingKeys: String, CodingKey {
        case title, description, language, locale
        case paper
        case baseURL = "base_url"
        case deckName = "deck_name"
        case charts
        case timeZone = "time_zone", gamesYear = "games_year"
        case anki
        case images
    }

    enum ChartKeys: String, CodingKey { case distances, optotypes, paper }

    /// Decodes, falling back to ``defaults`` for missing keys.
    public init(from decoder: Decoder) throws {
        let defaults = Self.defaults
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? defaults.title
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? defaults.description
        baseURL = try container.decodeIfPresent(String.self, forKey: .baseURL)
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? defaults.language
        locale = try container.decodeIfPresent(String.self, forKey: .locale) ?? defaults.locale
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        gamesYear = try container.decodeIfPresent(Int.self, forKey: .gamesYear)
        paper = try container.decodeIfPresent(String.self, forKey: .paper) ?? defaults.paper
        deckName = try container.decodeIfPresent(String.self, forKey: .deckName) ?? Self.slugLike(title)
        anki = try container.decodeIfPresent(Bool.self, forKey: .anki) ?? false
        if container.contains(.charts) {
            let charts = try container.nestedContainer(keyedBy: ChartKeys.self, forKey: .charts)
            chartDistances = try charts.decodeIfPresent([String].self, forKey: .distances) ?? defaults.chartDistances
            chartOptotypes = try charts.decodeIfPresent([String].self, forKey: .optotypes) ?? defaults.chartOptotypes
            chartPaper = try charts.decodeIfPresent(String.self, forKey: .paper) ?? defaults.chartPaper
        } else {
            chartDistances = defaults.chartDistances
            chartOptotypes = defaults.chartOptotypes
            chartPaper = defaults.chartPaper
        }
        images = try Self.decodeImages(container)
    }

    static func slugLike(_ text: String) -> String {
        let slug = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(slug).split(separator: "-").joined(separator: "-").ifEmpty("deck")
    }

    /// Compiles the regular expressions Yams resolves plain scalars with (its default resolver, made on
    /// first use: ICU's start and seven patterns, about 3 ms), so a build can have it done on another
    /// core before ``load(from:displayPath:log:)`` needs it.
    static func prepareDecoder() {
        _ = Resolver.default
    }

    /// Reads `file`; a missing file gives the defaults, a malformed one an error in `log`.
    public static func load(from file: URL, displayPath: String, log: inout DiagnosticLog) -> SiteSettings {
        guard let data = ContentFolder(root: file.deletingLastPathComponent()).read(file, display: displayPath, log: &log) else { return defaults }
        guard let text = String(data: data, encoding: .utf8) else {
            log.error("loupe.yml is not UTF-8 text", at: SourceLocation(path: displayPath))
            return defaults
        }
        do {
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return defaults }
            let settings = try YAMLDecoder().decode(SiteSettings.self, from: text)
            // Every page repeats these: a pasted file here would multiply into gigabytes.
            for (key, value, limit) in [("title", settings.title, 1024), ("description", settings.description, 4096),
                                        ("deck_name", settings.deckName, 256)] where value.utf8.count > limit {
                log.error("'\(key)' is \(value.utf8.count) bytes long; it may be at most \(limit) bytes", at: SourceLocation(path: displayPath))
                return defaults
            }
            return settings
        } catch let error as YamlError {
            log.report(yamlDiagnostic(error, displayPath: displayPath))
        } catch let DecodingError.dataCorrupted(context) where context.underlyingError is YamlError {
            if let error = context.underlyingError as? YamlError { log.report(yamlDiagnostic(error, displayPath: displayPath)) }
        } catch let DecodingError.dataCorrupted(context) where context.underlyingError == nil {
            log.error(context.debugDescription, at: SourceLocation(path: displayPath))
        } catch let DecodingError.typeMismatch(type, context) {
            let key = keyPath(context.codingPath)
            let found = located(context.codingPath, in: text)
            log.error("'\(key)' should be \(describe(type))\(found.kind.map { ", not " + $0 } ?? ""); see docs/formats.md for loupe.yml",
                      at: SourceLocation(path: displayPath, line: found.mark?.line, column: found.mark?.column))
        } catch let DecodingError.valueNotFound(type, context) {
            let key = keyPath(context.codingPath)
            let found = located(context.codingPath, in: text)
            log.error("'\(key)' is empty but should be \(describe(type)); see docs/formats.md for loupe.yml",
                      at: SourceLocation(path: displayPath, line: found.mark?.line, column: found.mark?.column))
        } catch {
            log.error("cannot read settings: \(error)", at: SourceLocation(path: displayPath))
        }
        return defaults
    }

    static func yamlDiagnostic(_ error: YamlError, displayPath: String) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return .error("YAML syntax error: \(problem); fix loupe.yml", at: SourceLocation(path: displayPath, line: mark.line, column: mark.column))
        default:
            return .error("YAML error: \(error); fix loupe.yml", at: SourceLocation(path: displayPath))
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text"
        case is [String].Type: return "a list of text values"
        default:
            // Yams reports the YAML node kind it expected (Node.Scalar, Node.Sequence, Node.Mapping).
            let name = "\(type)"
            if name.hasSuffix("Scalar") { return "text" }
            if name.hasSuffix("Sequence") { return "a list (e.g. [40cm, 3m])" }
            if name.hasSuffix("Mapping") { return "a group of settings (key: value lines)" }
            return "text"
        }
    }

    /// `charts.distances[2]`: the path of a value as a user reads loupe.yml (list items from 1).
    static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index + 1)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    /// Where the value at `path` is in the YAML `text`, and what kind of value it is (for messages).
    static func located(_ path: [any CodingKey], in text: String) -> (mark: Mark?, kind: String?) {
        guard let root = try? Yams.compose(yaml: text) else { return (nil, nil) }
        var node = root
        for key in path {
            if let index = key.intValue, let item = node.sequence?[safe: index] {
                node = item
            } else if let child = node.mapping?[key.stringValue] {
                node = child
            } else {
                break
            }
        }
        let kind: String
        switch node {
        case .scalar: kind = "a single value"
        case .sequence: kind = "a list"
        case .mapping: kind = "a group of settings"
        case .alias: kind = "an alias"
        }
        return (node.mark, kind)
    }
}

extension Node.Sequence {
    subscript(safe index: Int) -> Node? { index >= 0 && index < count ? self[index] : nil }
}

extension String {
    func ifEmpty(_ fallback: String) -> String { isEmpty ? fallback : self }
}
