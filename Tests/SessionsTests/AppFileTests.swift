import Diagnostics
import Foundation
import Testing
@testable import Sessions

/// Files shaped exactly as the source apps write them, read with no hand edits.
@Suite("Files as the apps write them")
struct AppFileTests {
    static func load(_ files: [String: String], log: inout DiagnosticLog) throws -> SessionCatalog {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var urls: [URL] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            urls.append(url)
        }
        return SessionLoader.load(files: urls, log: &log)
    }

    @Test func oneSittingWithPerEyeSessionIDsIsOneVisit() throws {
        var log = DiagnosticLog()
        let catalog = try Self.load(["share.csv": AppFixtures.csv(AppFixtures.sitting(start: AppFixtures.july2))], log: &log)
        #expect(log.all.isEmpty, "\(log.all)")
        let visit = try #require(catalog.acuity.first)
        #expect(catalog.acuity.count == 1)
        #expect(visit.id == "ETDRS_20260702_093002")
        #expect(visit.sessionIDs.count == 2 && visit.sessionIDs[0].hasPrefix("ETDRS_Right_"))
        #expect(visit.tests.map(\.eye) == [.right, .left])
        #expect(visit.name == "Jane Doe")
        // A typical normal eye is about 20/20, not 20/25.
        let score = try #require(visit.tests.first?.score)
        #expect(score.letterByLetter.logMARText == "0.01")
        #expect(score.letterByLetter.snellenFeetText == "20/20")
        #expect(visit.tests.first?.optotypeName.contains("not all Sloan") == true)
    }

    @Test(arguments: [AppFixtures.PhoneLocale.twelveHour, .arabicDigits, .buddhist])
    func phoneLocalesGiveTheSameVisit(locale: AppFixtures.PhoneLocale) throws {
        var plainLog = DiagnosticLog()
        let plain = try Self.load(["a.csv": AppFixtures.csv(AppFixtures.sitting(start: AppFixtures.july2))], log: &plainLog)
        var log = DiagnosticLog()
        let local = try Self.load(["a.csv": AppFixtures.csv(AppFixtures.sitting(start: AppFixtures.july2), locale: locale)], log: &log)
        #expect(local.acuity.map(\.tests) == plain.acuity.map(\.tests))
        #expect(local.acuity.first?.date == plain.acuity.first?.date)
        #expect(local.acuity.first?.date?.description == "2026-07-02 09:30:03")
        if locale == .buddhist {
            // One diagnostic per file, with the number of rows.
            #expect(log.all.count == 1)
            #expect(log.warnings.first?.message.contains("rows have a Buddhist-calendar year") == true, "\(log.all)")
        } else {
            #expect(log.all.isEmpty, "\(log.all)")
        }
    }

    @Test func twelveHourAfternoonAndMidnight() {
        #expect(PhoneTimestamp(parsing: "2026-07-02 2:30:03.227 PM")?.timestamp?.description == "2026-07-02 14:30:03")
        #expect(PhoneTimestamp(parsing: "2026-07-02 12:05:00.000\u{202F}AM")?.timestamp?.description == "2026-07-02 00:05:00")
        #expect(PhoneTimestamp(parsing: "2026-07-02 午後2:30:03.227")?.timestamp?.description == "2026-07-02 14:30:03")
        #expect(PhoneTimestamp(parsing: "0008-07-02 14:30:03.227")?.timestamp?.day == "2026-07-02")
        #expect(PhoneTimestamp(parsing: "2026-07-02 13:30:03.227 PM") == nil)
        #expect(PhoneTimestamp(parsing: "yesterday") == nil)
    }

    @Test func aCalendarWithOtherMonthsIsOneWarningAndNoDate() throws {
        var log = DiagnosticLog()
        let catalog = try Self.load(["a.csv": AppFixtures.csv(AppFixtures.sitting(start: AppFixtures.july2), locale: .islamic)],
                                    log: &log)
        #expect(log.all.count == 1)
        let warning = try #require(log.warnings.first)
        #expect(warning.message.contains("the year 1448"))
        #expect(warning.message.contains("\(AppFixtures.sitting(start: AppFixtures.july2).count) rows"))
        #expect(catalog.acuity.count == 2) // without times, the eyes cannot be put in one sitting
        #expect(catalog.acuity.allSatisfy { $0.date == nil })
    }

    @Test func shareAllRepeatingAnEarlierShareIsMergedSilently() throws {
        let sitting = AppFixtures.sitting(start: AppFixtures.july2)
        let later = AppFixtures.sitting(start: AppFixtures.july2.addingTimeInterval(86_400))
        var log = DiagnosticLog()
        let catalog = try Self.load([
            "20260702-093500_Jane_Doe.csv": AppFixtures.csv(sitting),
            "visual_acuity_all_tests_20260703.csv": AppFixtures.csv(sitting + later),
        ], log: &log)
        #expect(log.all.isEmpty, "\(log.all)")
        #expect(catalog.acuity.count == 2)
        #expect(catalog.acuity.allSatisfy { $0.tests.count == 2 })
    }

    @Test func shareAllDifferingFromAnEarlierShareIsAWarningNamingBothFiles() throws {
        let sitting = AppFixtures.sitting(start: AppFixtures.july2)
        var log = DiagnosticLog()
        let catalog = try Self.load([
            "one.csv": AppFixtures.csv(Array(sitting.dropLast(3))),
            "all.csv": AppFixtures.csv(sitting),
        ], log: &log)
        #expect(!log.hasErrors)
        let warning = try #require(log.warnings.first)
        #expect(warning.location.path.hasSuffix("one.csv") || warning.location.path.hasSuffix("all.csv"))
        #expect(warning.message.contains("one.csv") || warning.message.contains("all.csv"))
        #expect(catalog.acuity.first?.tests.last?.levels.flatMap(\.trials).count
                == sitting.filter { $0.eye == "Left" }.count)
    }

    @Test func implausibleRowsAreWarningsAndLeftOutOfTheScore() throws {
        var responses = AppFixtures.eyeTest(eye: "Right", start: AppFixtures.july2, correctAt: AppFixtures.normalEye)
        responses[0].distanceCM = 4
        let extra = AppFixtures.Response(time: AppFixtures.july2.addingTimeInterval(600), eye: "Right", testType: "ETDRS",
                                         level: 12, shown: "C", distanceCM: 40, responseMS: 800, answer: "C",
                                         isCorrect: true, trial: 1, sessionID: responses[0].sessionID)
        var log = DiagnosticLog()
        let catalog = try Self.load(["a.csv": AppFixtures.csv(responses + [extra])], log: &log)
        #expect(log.warnings.contains { $0.message.contains("outside 10 cm – 10 m") && $0.location.line == 2 })
        #expect(log.warnings.contains { $0.message.contains("fewer than 3") })
        // The 20/200 level keeps 4 of its 5 early-stop trials: no longer stopped early, it counts 4 of 10
        // (0.1 × 6/10 = +0.06), and the lone 20/12 row is not scored at all.
        #expect(catalog.acuity.first?.tests.first?.score?.letterByLetter.logMARText == "0.07")
        #expect(catalog.acuity.first?.tests.first?.levels.count == 11)
    }

    @Test func theAppsSummaryExportGetsAMessageSayingWhatItIs() throws {
        var log = DiagnosticLog()
        _ = try Self.load(["s.csv": "Name,Test_Date,Right_Eye_Result,Left_Eye_Result\n\"Jane\",\"2026-07-02 09:35:00\",\"LogMAR: 0.0100, Snellen: 20/20\",\"Not Tested\"\n"],
                          log: &log)
        #expect(log.errors.first?.message.contains("summary export") == true)
    }

    @Test func firebaseExportAsTheConsoleDownloadsIt() throws {
        let text = AppFixtures.firebaseExport(games: [
            ("AG", "27", 80), ("FT", "27", 64), ("SD", "\"2026-07-09 10:00:00\"", 70),
        ])
        var log = DiagnosticLog()
        let catalog = try Self.load(["parkinetics.json": text], log: &log)
        #expect(log.all.isEmpty, "\(log.all)")
        let user = try #require(catalog.gameUsers.first)
        #expect(user.username == "sam")
        #expect(user.scoreMaximum == 100)
        let adventure = try #require(user.games.first { $0.type == "AG" })
        #expect(adventure.typeName == "Adventure Game")
        #expect(adventure.scores.values == [.facial: 80, .speech: 80]) // the "50"s are not measured
        #expect(adventure.timeText == "week 27 of 2026")
        let mean = try #require(GameScores.mean(of: user.games.map(\.scores)))
        #expect(mean[.balance] == 70) // only SD measures balance
        #expect(mean[.dexterity] == 64)
    }

    @Test func aWeekWithoutAYearIsNeverShownAs1970() throws {
        var log = DiagnosticLog()
        let catalog = try Self.load(["p.json": AppFixtures.firebaseExport(games: [("FT", "3", 55)])], log: &log)
        let game = try #require(catalog.gameUsers.first?.games.first)
        #expect(game.timeText == "week 3 (year not recorded)")
        #expect(!game.dayText.contains("1970"))
    }

    @Test(arguments: [
        ("[{\"id\": \"6F1C\", \"ideas\": [], \"snaps\": [], \"tapes\": []}]", "looks like vjot's incidents.json"),
        ("[{\"id\": \"6F1C\", \"passport\": {}}]", "looks like vjot's patients.json"),
        ("\"5C8E4C53-5D0A-4B7B-9D55-0E9F3B6C2A11\"", "looks like vjot's currentId.json"),
        ("{\"username\": \"sam\", \"games\": {}}", "one user of the games app"),
    ])
    func wrongKindsSayWhatTheyLookLike(text: String, expected: String) throws {
        var log = DiagnosticLog()
        _ = try Self.load(["x.json": text], log: &log)
        #expect(log.errors.first?.message.contains(expected) == true, "\(log.all)")
    }
}
