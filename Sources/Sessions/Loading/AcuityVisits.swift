import Diagnostics
import Foundation

/// Turns the acuity app's per-eye sessions into visits, and merges sessions exported twice.
///
/// The app gives each eye its own `Session_ID` (`ETDRS_Right_20260702_093002`); one person's tests
/// of one sitting (same name, same test, each starting within ``sittingGap`` of the previous one's
/// end) form one visit. Its "Share All Tests" export repeats sessions shared one by one before, so the
/// same `Session_ID` may come from two files.
enum AcuityVisits {
    /// The longest pause between two eyes' tests of one sitting.
    static let sittingGap: TimeInterval = 30 * 60

    /// Session_IDs already seen, for merging repeats.
    struct Collector {
        private(set) var order: [String] = []
        private(set) var sessions: [String: AcuitySession] = [:]

        /// Adds `session`; an identical repeat is dropped silently, a different one is a warning naming both
        /// files, and the session with more trials is kept (Share All holds the whole session).
        mutating func add(_ session: AcuitySession, log: inout DiagnosticLog) {
            guard let earlier = sessions[session.id] else {
                order.append(session.id)
                sessions[session.id] = session
                return
            }
            if AcuityVisits.sameContent(earlier, session) { return }
            let keepNew = trialCount(session) > trialCount(earlier)
            log.warning("session \(session.id) is also in \(earlier.source) with different rows (\(trialCount(earlier)) there, \(trialCount(session)) here); the one with more rows is used (\(keepNew ? "this one" : "the other"))",
                        at: session.source)
            if keepNew { sessions[session.id] = session }
        }

        func trialCount(_ session: AcuitySession) -> Int {
            session.tests.flatMap(\.levels).map(\.trials.count).reduce(0, +)
        }

        /// The visits, in order of their first session.
        func visits() -> [AcuitySession] {
            AcuityVisits.group(order.compactMap { sessions[$0] })
        }
    }

    static func sameContent(_ lhs: AcuitySession, _ rhs: AcuitySession) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.date == rhs.date && lhs.tests == rhs.tests
    }

    /// The latest trial time of a session, or its start.
    static func end(of session: AcuitySession) -> Date? {
        let times = session.tests.flatMap(\.levels).flatMap(\.trials).compactMap { $0.timestamp?.instant }
        return times.max() ?? session.date?.instant
    }

    /// Groups per-eye sessions into visits.
    static func group(_ sessions: [AcuitySession]) -> [AcuitySession] {
        let ordered = sessions.enumerated().sorted { lhs, rhs in
            switch (lhs.element.date, rhs.element.date) {
            case let (left?, right?) where left != right: return left < right
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
        var visits: [[AcuitySession]] = []
        for session in ordered {
            if let index = visits.lastIndex(where: { belongs(session, to: $0) }) {
                visits[index].append(session)
            } else {
                visits.append([session])
            }
        }
        var usedIDs: Set<String> = []
        return visits.map { members in
            var id = visitID(members)
            var suffix = 2
            while usedIDs.contains(SessionID.slug(id)) {
                id = visitID(members) + "-\(suffix)"
                suffix += 1
            }
            usedIDs.insert(SessionID.slug(id))
            return merge(members, id: id)
        }
    }

    static func belongs(_ session: AcuitySession, to visit: [AcuitySession]) -> Bool {
        guard let last = visit.last, let start = session.date?.instant, let end = end(of: last) else { return false }
        let tests = Set(session.tests.map(\.optotype))
        let visitTests = Set(visit.flatMap(\.tests).map(\.optotype))
        let visitEyes = Set(visit.flatMap(\.tests).map(\.eye))
        return last.name == session.name && tests == visitTests
            && visitEyes.isDisjoint(with: session.tests.map(\.eye))
            && start >= end.addingTimeInterval(-60) && start.timeIntervalSince(end) <= sittingGap
    }

    /// The app's Session_ID without its eye (`ETDRS_20260702_093002`), else the first id.
    static func visitID(_ members: [AcuitySession]) -> String {
        guard let first = members.first else { return "visit" }
        guard members.count > 1 else { return first.id }
        let parts = first.id.split(separator: "_", omittingEmptySubsequences: false)
        let withoutEye = parts.filter { Eye(label: String($0)) == nil || $0.count <= 1 }
        return withoutEye.count < parts.count ? withoutEye.joined(separator: "_") : first.id
    }

    static func merge(_ members: [AcuitySession], id: String) -> AcuitySession {
        guard let first = members.first, members.count > 1 else {
            var single = members.first ?? AcuitySession(id: id, source: SourceLocation(path: ""), origin: .appCSV, tests: [])
            single.sessionIDs = single.sessionIDs.isEmpty ? [single.id] : single.sessionIDs
            return single
        }
        let eyeOrder: [Eye] = [.right, .left, .both]
        let tests = members.flatMap(\.tests).enumerated().sorted { lhs, rhs in
            let left = eyeOrder.firstIndex(of: lhs.element.eye) ?? 3
            let right = eyeOrder.firstIndex(of: rhs.element.eye) ?? 3
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        var visit = AcuitySession(id: id, source: first.source, origin: first.origin, name: first.name,
                                  date: members.compactMap(\.date).min(), tests: tests)
        visit.sessionIDs = members.map(\.id)
        return visit
    }
}
