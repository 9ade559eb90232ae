import Diagnostics

/// One acuity testing session: one or both eyes, from the app's CSV or a chart-test JSON file.
public struct AcuitySession: Sendable, Equatable {
    /// Where a session came from.
    public enum Origin: String, Sendable, Equatable {
        /// The acuity app's CSV export.
        case appCSV
        /// A chart test recorded in Loupe's JSON format.
        case chartJSON
    }

    /// The session's id as written in the source.
    public var id: String
    /// Where it was read from (the file, and the first row for CSV).
    public var source: SourceLocation
    /// The source format.
    public var origin: Origin
    /// The person's name as recorded, when there is one.
    public var name: String?
    /// When the session started, when known.
    public var date: Timestamp?
    /// The tests, in the order they were recorded.
    public var tests: [AcuityTest]
    /// The source's own session ids this document gathers (the acuity app's per-eye `Session_ID`s of one visit).
    public var sessionIDs: [String] = []

    /// Creates a session.
    public init(id: String, source: SourceLocation, origin: Origin, name: String? = nil, date: Timestamp? = nil,
                tests: [AcuityTest]) {
        self.id = id
        self.source = source
        self.origin = origin
        self.name = name
        self.date = date
        self.tests = tests
    }
}
