import Diagnostics
import Foundation
import LocatedJSON

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
        let root: JSONNode
        do {
            root = try JSONParser.parse([UInt8](data))
        } catch {
            let reason = error.message.hasPrefix("the file is empty") ? "the file is empty" : error.message
            log.error(
                "breed file is not valid JSON (\(reason)); save the API's GET /v1/breeds response as UTF-8 JSON.",
                at: SourceLocation(path: displayPath, line: error.line, column: error.column))
            return []
        }
        let records: [JSONNode]
        if let array = root.array {
            records = array
        } else if root.members != nil {
            records = [root]
        } else {
            log.error(
                "breed file holds \(JSONKind.describe(root)), not a list of breeds; save the API's "
                    + "GET /v1/breeds response (a JSON array) here.",
                at: SourceLocation(path: displayPath, line: 1, column: 1))
            return []
        }

        var results: [BreedRecordReader.Result] = []
        for (index, element) in records.enumerated() {
            var reader = BreedRecordReader(record: element, path: displayPath, recordIndex: index)
            guard element.members != nil else {
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
}
