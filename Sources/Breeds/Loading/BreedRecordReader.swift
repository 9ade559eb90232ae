import Diagnostics
import Foundation
import LocatedJSON

/// Reads one record (a JSON object parsed with positions by ``LocatedJSON``) into a ``Breed``,
/// field by field: a null or wrongly typed field is dropped with a warning, unknown fields are ignored.
struct BreedRecordReader {
    /// A record read, before its species is settled and its slug assigned.
    struct Result {
        var breed: Breed
        /// The species the fields suggest, when they suggest one.
        var speciesFromFields: Species?
    }

    let record: JSONNode
    let path: String
    /// 1-based position of the record in its file, for messages when the name is unknown.
    let position: Int

    /// The breed's name and id as they appear in messages, once known.
    private var subject: String

    init(record: JSONNode, path: String, recordIndex: Int) {
        self.record = record
        self.path = path
        self.position = recordIndex + 1
        subject = "breed #\(recordIndex + 1)"
    }

    /// Where the record starts.
    var recordLocation: SourceLocation {
        SourceLocation(path: path, line: record.line, column: record.column)
    }

    /// Where a top-level field's key is, falling back to the record.
    /// A nested field (`weight.metric`) is located at its top-level key.
    func location(ofField key: String) -> SourceLocation {
        let topLevel = key.split(separator: ".").first.map(String.init) ?? key
        guard let member = record.member(topLevel) else { return recordLocation }
        return SourceLocation(path: path, line: member.keyLine, column: member.keyColumn)
    }

    /// Reads the record, or returns `nil` (with a warning) when it has no usable id or name.
    mutating func read(fileSpecies: Species?, log: inout DiagnosticLog) -> Result? {
        guard let id = readID(log: &log) else { return nil }
        guard let name = readName(id: id, log: &log) else { return nil }
        subject = "breed \(TextCleaning.quoted(name)) (id \(TextCleaning.quoted(id)))"

        let speciesFromFields = detectSpecies()
        let species = fileSpecies ?? speciesFromFields ?? .cat
        var breed = Breed(id: id, species: species, slug: "", name: name, location: recordLocation)
        breed.alternativeNames = list("alt_names", log: &log)
        breed.description = text("description", log: &log)
        breed.history = text("history", log: &log)
        breed.temperament = list("temperament", log: &log)
        breed.origins = origins(log: &log)
        breed.breedGroup = text("breed_group", log: &log)
        breed.bredFor = text("bred_for", log: &log)
        breed.lifeSpan = range("life_span", log: &log)
        breed.weight = measure("weight", kind: .weight, log: &log)
        breed.height = measure("height", kind: .height, log: &log)
        breed.traits = BreedTrait.allCases.compactMap { trait in
            score(trait.rawValue, log: &log).map { BreedTraitScore(trait: trait, value: $0) }
        }
        breed.flags = BreedFlag.allCases.compactMap { flag in
            self.flag(flag.rawValue, log: &log).map { BreedFlagValue(flag: flag, isSet: $0) }
        }
        breed.sources = BreedSource.Kind.allCases.compactMap { kind in
            webAddress(kind.rawValue, log: &log).map { BreedSource(kind: kind, url: $0) }
        }
        breed.referenceImageID = imageID(log: &log)
        return Result(breed: breed, speciesFromFields: speciesFromFields)
    }

    // MARK: - Identity

    private func readID(log: inout DiagnosticLog) -> String? {
        let fix = "Give each breed an \"id\" (text such as \"abys\" or a whole number); the record was skipped."
        guard let value = record["id"] else {
            log.warning("\(subject) has no \"id\". \(fix)", at: recordLocation)
            return nil
        }
        if let text = value.string {
            let cleaned = TextCleaning.clean(text)
            if !cleaned.isEmpty { return cleaned }
            log.warning("\(subject) has an empty \"id\". \(fix)", at: location(ofField: "id"))
            return nil
        }
        if let integer = JSONKind.integer(value) {
            return String(integer)
        }
        log.warning("\(subject) has an \"id\" that is \(JSONKind.describe(value)). \(fix)", at: location(ofField: "id"))
        return nil
    }

    private func readName(id: String, log: inout DiagnosticLog) -> String? {
        let who = "breed with id \(TextCleaning.quoted(id))"
        let fix = "Give it a \"name\" (text); the record was skipped."
        guard let value = record["name"] else {
            log.warning("\(who) has no \"name\". \(fix)", at: recordLocation)
            return nil
        }
        guard let text = value.string else {
            log.warning("\(who) has a \"name\" that is \(JSONKind.describe(value)). \(fix)", at: location(ofField: "name"))
            return nil
        }
        let cleaned = TextCleaning.clean(text).replacingOccurrences(of: "\n", with: " ")
        guard !cleaned.isEmpty else {
            log.warning("\(who) has an empty \"name\". \(fix)", at: location(ofField: "name"))
            return nil
        }
        return cleaned
    }

    /// Guesses the species from fields only one API has; `nil` when the fields do not tell.
    private func detectSpecies() -> Species? {
        let dogKeys = ["height", "bred_for", "breed_group", "history"]
        let catKeys = ["cfa_url", "vetstreet_url", "vcahospitals_url", "country_codes", "alt_names"]
            + BreedTrait.allCases.map(\.rawValue) + BreedFlag.allCases.map(\.rawValue)
        var dog = dogKeys.filter { record[$0] != nil }.count
        let cat = catKeys.filter { record[$0] != nil }.count
        // The Dog API's classic ids are integers; The Cat API's are four-letter text.
        if let id = record["id"], JSONKind.integer(id) != nil { dog += 1 }
        if dog > cat { return .dog }
        if cat > dog { return .cat }
        return nil
    }

    // MARK: - Field readers

    private func warnNull(_ key: String, expecting expectation: String, log: inout DiagnosticLog) {
        log.warning(
            "field \"\(key)\" of \(subject) is null; it was left out. Give \(expectation) or remove the field.",
            at: location(ofField: key))
    }

    private func warnType(_ key: String, value: JSONNode, expecting expectation: String, log: inout DiagnosticLog) {
        log.warning(
            "field \"\(key)\" of \(subject) should be \(expectation) but is \(JSONKind.describe(value)); "
                + "it was left out. Correct or remove the field.",
            at: location(ofField: key))
    }

    private func warnValue(_ key: String, shown: String, expecting expectation: String, log: inout DiagnosticLog) {
        log.warning(
            "field \"\(key)\" of \(subject) has \(shown), which is not \(expectation); "
                + "it was left out. Correct or remove the field.",
            at: location(ofField: key))
    }

    /// The value of `key` unless missing (silently `nil`) or null (`nil` with a warning).
    private func present(_ key: String, expecting expectation: String, log: inout DiagnosticLog) -> JSONNode? {
        guard let value = record[key] else { return nil }
        if value.value == .null {
            warnNull(key, expecting: expectation, log: &log)
            return nil
        }
        return value
    }

    private func text(_ key: String, log: inout DiagnosticLog) -> String? {
        guard let value = present(key, expecting: "text", log: &log) else { return nil }
        guard let string = value.string else {
            warnType(key, value: value, expecting: "text", log: &log)
            return nil
        }
        let cleaned = TextCleaning.clean(string)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// A comma list in text (`"Active, Playful"`) or a list of texts; empty items and repeats dropped.
    private func list(_ key: String, log: inout DiagnosticLog) -> [String] {
        let expectation = "a comma-separated text"
        guard let value = present(key, expecting: expectation, log: &log) else { return [] }
        var items: [String]
        if let string = value.string {
            items = string.split(separator: ",").map(String.init)
        } else if let array = value.array, array.allSatisfy({ $0.string != nil }) {
            items = array.compactMap(\.string)
        } else {
            warnType(key, value: value, expecting: expectation, log: &log)
            return []
        }
        items = items.map { TextCleaning.clean($0).replacingOccurrences(of: "\n", with: " ") }.filter { !$0.isEmpty }
        var seen = Set<String>()
        return items.filter { seen.insert($0.lowercased()).inserted }
    }

    private func range(_ key: String, log: inout DiagnosticLog) -> NumericRange? {
        let expectation = "a range such as \"12 - 15\""
        guard let value = present(key, expecting: expectation, log: &log) else { return nil }
        return range(value, key: key, expectation: expectation, log: &log)
    }

    private func range(_ value: JSONNode, key: String, expectation: String, log: inout DiagnosticLog) -> NumericRange? {
        if let number = value.number, number >= 0 {
            return NumericRange(value: number)
        }
        guard let string = value.string else {
            warnType(key, value: value, expecting: expectation, log: &log)
            return nil
        }
        if TextCleaning.clean(string).isEmpty { return nil }
        switch NumericRange.parse(string) {
        case .complete(let range):
            return range
        case .partial(let range):
            log.warning(
                "field \"\(key)\" of \(subject) has \(TextCleaning.quoted(string)), of which only "
                    + "\"\(range.formatted())\" could be read. Write it as \(expectation).",
                at: location(ofField: key))
            return range
        case .unreadable:
            warnValue(key, shown: TextCleaning.quoted(string), expecting: expectation, log: &log)
            return nil
        }
    }

    private func measure(_ key: String, kind: BodyMeasure.Kind, log: inout DiagnosticLog) -> BodyMeasure? {
        let expectation = "an object with \"imperial\" and \"metric\" ranges such as \"7 - 10\""
        guard let value = present(key, expecting: expectation, log: &log) else { return nil }
        guard value.members != nil else {
            warnType(key, value: value, expecting: expectation, log: &log)
            return nil
        }
        func part(_ system: String) -> NumericRange? {
            let partKey = "\(key).\(system)"
            guard let partValue = value[system] else { return nil }
            if partValue.value == .null {
                warnNull(partKey, expecting: "a range such as \"7 - 10\"", log: &log)
                return nil
            }
            return range(partValue, key: partKey, expectation: "a range such as \"7 - 10\"", log: &log)
        }
        return BodyMeasure(kind: kind, metric: part("metric"), imperial: part("imperial"))
    }

    private func score(_ key: String, log: inout DiagnosticLog) -> Int? {
        let expectation = "a whole number from 1 to \(BreedTrait.maximum)"
        guard let value = present(key, expecting: expectation, log: &log) else { return nil }
        guard let number = value.number else {
            warnType(key, value: value, expecting: expectation, log: &log)
            return nil
        }
        guard let integer = JSONKind.integer(value), (1...BreedTrait.maximum).contains(integer) else {
            warnValue(key, shown: JSONKind.shown(number), expecting: expectation, log: &log)
            return nil
        }
        return integer
    }

    private func flag(_ key: String, log: inout DiagnosticLog) -> Bool? {
        let expectation = "0 or 1"
        guard let value = present(key, expecting: expectation, log: &log) else { return nil }
        if case .bool(let flag) = value.value { return flag }
        guard let number = value.number else {
            warnType(key, value: value, expecting: expectation, log: &log)
            return nil
        }
        switch JSONKind.integer(value) {
        case 0: return false
        case 1: return true
        default:
            warnValue(key, shown: JSONKind.shown(number), expecting: expectation, log: &log)
            return nil
        }
    }

    /// An absolute `http`/`https` address; anything else (`javascript:`, relative, malformed) is dropped.
    private func webAddress(_ key: String, log: inout DiagnosticLog) -> String? {
        let expectation = "an http or https address"
        guard let value = present(key, expecting: expectation, log: &log) else { return nil }
        guard let string = value.string else {
            warnType(key, value: value, expecting: expectation, log: &log)
            return nil
        }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard let address = WebAddress.validated(trimmed) else {
            warnValue(key, shown: TextCleaning.quoted(trimmed), expecting: expectation, log: &log)
            return nil
        }
        return address
    }

    private func origins(log: inout DiagnosticLog) -> [OriginCountry] {
        let names = text("origin", log: &log).map { origin in
            origin.split(separator: ",").map { TextCleaning.clean(String($0)) }.filter { !$0.isEmpty }
        } ?? []
        var codes: [String] = []
        for key in ["country_codes", "country_code"] {
            guard codes.isEmpty, let raw = text(key, log: &log) else { continue }
            let tokens = raw.split { $0 == "," || $0 == " " || $0 == "/" || $0 == ";" }.map(String.init)
            for token in tokens {
                if token.count == 2, token.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) {
                    let code = token.uppercased()
                    if !codes.contains(code) { codes.append(code) }
                } else {
                    warnValue(key, shown: TextCleaning.quoted(token), expecting: "a two-letter country code", log: &log)
                }
            }
        }
        if names.count == codes.count {
            return zip(names, codes).map { OriginCountry(name: $0, code: $1) }
        }
        // Counts disagree (e.g. three countries, one code): keep both, unpaired, rather than guess.
        return names.map { OriginCountry(name: $0, code: nil) } + codes.map { OriginCountry(name: nil, code: $0) }
    }

    /// `reference_image_id`, else `image.id`, else the stem of `image.url`; kept only when it is a plain
    /// file-name stem (letters, digits, `-`, `_`), since it becomes a local file name.
    private func imageID(log: inout DiagnosticLog) -> String? {
        let expectation = "an image id made of letters, digits, \"-\" and \"_\""
        if let id = text("reference_image_id", log: &log) {
            if Self.isSafeImageID(id) { return id }
            warnValue("reference_image_id", shown: TextCleaning.quoted(id), expecting: expectation, log: &log)
            return nil
        }
        guard let image = record["image"], image.members != nil else { return nil }
        if let id = image["id"]?.string, Self.isSafeImageID(id) { return id }
        if let url = image["url"]?.string, let components = URLComponents(string: url) {
            let fileName = components.path.split(separator: "/").last.map(String.init) ?? ""
            let stem = fileName.split(separator: ".").first.map(String.init) ?? ""
            if Self.isSafeImageID(stem) { return stem }
        }
        return nil
    }

    static func isSafeImageID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100 && id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
    }
}
