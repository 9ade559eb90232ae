import Diagnostics
import Foundation

/// Reads one saved `/v1/breeds` response: a JSON array of breed objects (a single object is accepted too).
struct BreedFileReader {
    /// Files larger than this are refused rather than read into memory (real responses are ~100 KB).
    static let maximumFileSize = 32 * 1024 * 1024

    /// The path used in diagnostics.
    let displayPath: String
    /// The species the file name announces, if any.
    let fileSpecies: Species?

    init(displayPath: String, fileName: String) {
        self.displayPath = displayPath
        self.fileSpecies = Species.fromFileName(fileName)
    }

    /// Reads the breeds of `data` (slugs not yet assigned). File-level problems are errors; record-level ones warnings.
    func read(_ data: Data, log: inout DiagnosticLog) -> [Breed] {
        guard data.count <= Self.maximumFileSize else {
            log.error(
                "breed file is \(data.count) bytes, more than the \(Self.maximumFileSize) allowed; "
                    + "split it or remove it from the breeds folder.",
                at: SourceLocation(path: displayPath))
            return []
        }
        let bytes = [UInt8](data)
        let locator = JSONRecordLocator(bytes: bytes)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            log.report(parseDiagnostic(for: error, locator: locator, bytes: bytes))
            return []
        }
        let records: [Any]
        if let array = parsed as? [Any] {
            records = array
        } else if parsed is [String: Any] {
            records = [parsed]
        } else {
            log.error(
                "breed file holds \(JSONKind.describe(parsed)), not a list of breeds; save the API's "
                    + "GET /v1/breeds response (a JSON array) here.",
                at: SourceLocation(path: displayPath, line: 1, column: 1))
            return []
        }

        var results: [BreedRecordReader.Result] = []
        for (index, element) in records.enumerated() {
            var reader = BreedRecordReader(
                record: element as? [String: Any] ?? [:], path: displayPath, locator: locator, recordIndex: index)
            guard element is [String: Any] else {
                log.warning(
                    "breed #\(index + 1) is \(JSONKind.describe(element)), not an object; it was skipped.",
                    at: reader.recordLocation)
                continue
            }
            if let result = reader.read(fileSpecies: fileSpecies, log: &log) {
                results.append(result)
            }
        }
        return settleSpecies(results, log: &log)
    }

    /// Without a telling file name, each record's fields decide; undecided records follow the file's majority.
    private func settleSpecies(_ results: [BreedRecordReader.Result], log: inout DiagnosticLog) -> [Breed] {
        if fileSpecies != nil { return results.map(\.breed) }
        let cats = results.filter { $0.speciesFromFields == .cat }.count
        let dogs = results.filter { $0.speciesFromFields == .dog }.count
        let majority: Species? = cats > dogs ? .cat : (dogs > cats ? .dog : nil)
        var breeds: [Breed] = []
        for result in results {
            var breed = result.breed
            guard let species = result.speciesFromFields ?? majority else {
                log.warning(
                    "cannot tell whether breed \(TextCleaning.quoted(breed.name)) is a cat or a dog; it was skipped. "
                        + "Name the file cats….json or dogs….json.",
                    at: breed.location)
                continue
            }
            breed.species = species
            breeds.append(breed)
        }
        return breeds
    }

    /// A located error for invalid JSON; Foundation reports "around character N" (a byte offset).
    private func parseDiagnostic(for error: Error, locator: JSONRecordLocator, bytes: [UInt8]) -> Diagnostic {
        let byteCount = bytes.count
        let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        var offset: Int?
        if let range = detail.range(of: #"character (\d+)"#, options: .regularExpression) {
            offset = Int(detail[range].drop { !$0.isNumber }).flatMap { $0 <= byteCount ? $0 : nil }
        } else if detail.contains("end of file"), byteCount > 0 {
            // Truncated: point just after the last non-blank character.
            offset = bytes.lastIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.map { $0 + 1 }
        }
        var location = SourceLocation(path: displayPath)
        if let offset {
            let (line, column) = locator.lineAndColumn(ofOffset: offset)
            location = SourceLocation(path: displayPath, line: line, column: column)
        }
        let reason = byteCount == 0 ? "the file is empty" : TextCleaning.clean(detail)
        return .error(
            "breed file is not valid JSON (\(reason)); save the API's GET /v1/breeds response as UTF-8 JSON.",
            at: location)
    }
}
