import Foundation

extension SessionReporter {
    /// A study session document: cards reviewed, Easy/Unsure/Hard counts, cards completed.
    func studyDocument(_ session: StudySessionSummary) -> SessionDocument {
        let stamp = Self.utcStamp(session.start)
        let minutes = max(1, Int((session.end.timeIntervalSince(session.start) / 60).rounded(.up)))
        let title = "Study session \(stamp.readable)"
        let context: [String: Any] = [
            "title": title, "start": stamp.readable, "end": Self.utcStamp(session.end).readable,
            "minutes": String(minutes), "reviewCount": String(session.reviewCount), "cardCount": String(session.cardCount),
            "easy": String(session.easy), "unsure": String(session.unsure), "hard": String(session.hard),
            "completedCount": String(session.completed.count), "hasCompleted": !session.completed.isEmpty,
            "completed": session.completed.map { ["title": $0.title, "link": "../../" + $0.url] },
        ]
        return SessionDocument(kind: "study", slug: "study-" + stamp.slug, template: "study", title: title,
                               date: String(stamp.readable.prefix(10)), context: context)
    }

    /// `2025-05-01 09:30` and `20250501-0930`, in UTC so documents do not depend on the machine.
    static func utcStamp(_ date: Date) -> (readable: String, slug: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let (y, m, d, h, mi) = (c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return ("\(y)-\(two(m))-\(two(d)) \(two(h)):\(two(mi))", "\(y)\(two(m))\(two(d))-\(two(h))\(two(mi))")
    }
}
