import Foundation
import Testing
@testable import Optotypes

/// The repository's `tests/fixtures/sloan` folder (Andrew Howlett's OFL Sloan font and its outline script).
let sloanFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("tests/fixtures/sloan")

/// `python3` with fontTools, or `nil` (scripts/setup installs both; the suite is skipped with a message otherwise).
let fontToolsPython: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in ["/usr/bin"] + path.split(separator: ":") {
        let candidate = "\(folder)/python3"
        guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: candidate)
        process.arguments = ["-c", "import fontTools"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { continue }
        process.waitUntilExit()
        if process.terminationStatus == 0 { return candidate }
    }
    return nil
}()

/// The reference outlines, read from the font at test time by `reference_outlines.py`.
struct SloanReference: Sendable {
    let letters: [String: [[PathPoint]]]

    static let shared: Result<SloanReference, ReferenceError> = {
        guard let python = fontToolsPython else { return .failure(.unavailable) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        // LOUPE_SLOAN_REFERENCE names another font to compare with by hand (e.g. Pelli's, which may not be stored here).
        let font = ProcessInfo.processInfo.environment["LOUPE_SLOAN_REFERENCE"] ?? sloanFixtures.appendingPathComponent("Sloan.otf").path
        process.arguments = [sloanFixtures.appendingPathComponent("reference_outlines.py").path, font]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return .failure(.unavailable) }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let letters = object["letters"] as? [String: [[[Double]]]] else { return .failure(.malformed) }
        return .success(SloanReference(letters: letters.mapValues { contours in
            contours.map { contour in contour.compactMap { $0.count == 2 ? PathPoint($0[0], $0[1]) : nil } }
        }))
    }()

    enum ReferenceError: Error { case unavailable, malformed }
}

@Suite("Sloan letter shapes against the OFL Sloan font", .enabled(if: fontToolsPython != nil, "python3 with fontTools is not installed (scripts/setup installs it); skipping"))
struct SloanShapeTests {
    static let resolution = 500

    @Test("each letter overlaps the reference rendering with IoU ≥ 0.95", arguments: SloanLetter.allCases)
    func intersectionOverUnion(letter: SloanLetter) throws {
        let reference = try SloanReference.shared.get()
        let contours = try #require(reference.letters[letter.rawValue])
        let theirs = ScanlineMask(polygons: contours, fillRule: .nonZero, size: Self.resolution)
        let probe = InkProbe(letter.path)
        let ours = ScanlineMask(polygons: probe.polygons, fillRule: probe.fillRule, size: Self.resolution)
        let iou = ours.intersectionOverUnion(theirs)
        print("Sloan \(letter.rawValue): IoU \(String(format: "%.4f", iou)) against Howlett's Sloan")
        #expect(iou >= 0.95, "\(letter): IoU \(iou)\nours:\n\(ours.picture(step: 20))\nreference:\n\(theirs.picture(step: 20))")
    }
}
