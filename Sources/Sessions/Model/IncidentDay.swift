import Foundation

/// A day's incidents for the evening hand-over: emergencies first, then by time, with totals per veterinarian.
public struct IncidentDay: Sendable, Equatable {
    /// One veterinarian's share of the day.
    public struct VeterinarianTotal: Sendable, Equatable {
        /// The veterinarian.
        public var veterinarian: String
        /// How many incidents they were responsible for.
        public var incidentCount: Int
        /// How many of those were emergencies.
        public var emergencyCount: Int
        /// The sum of their incidents' costs, in euros.
        public var total: Decimal
    }

    /// The day, `yyyy-MM-dd` as the incidents wrote it.
    public var day: String
    /// The day's incidents: emergencies first, each group by creation time, then id.
    public var incidents: [Incident]
    /// Totals per veterinarian, by name.
    public var totals: [VeterinarianTotal]

    /// The sum of all the day's costs.
    public var total: Decimal { totals.map(\.total).reduce(0, +) }

    /// Groups incidents by the calendar day of their creation, days in order.
    public static func days(of incidents: [Incident]) -> [IncidentDay] {
        let byDay = Dictionary(grouping: incidents, by: \.created.day)
        return byDay.keys.sorted().compactMap { day in
            guard let members = byDay[day] else { return nil }
            let ordered = members.sorted { lhs, rhs in
                if lhs.isEmergency != rhs.isEmergency { return lhs.isEmergency }
                if lhs.created != rhs.created { return lhs.created < rhs.created }
                return lhs.id < rhs.id
            }
            let byVet = Dictionary(grouping: ordered, by: \.veterinarian)
            let totals = byVet.keys.sorted().compactMap { vet -> VeterinarianTotal? in
                guard let theirs = byVet[vet] else { return nil }
                return VeterinarianTotal(veterinarian: vet, incidentCount: theirs.count,
                                         emergencyCount: theirs.filter(\.isEmergency).count,
                                         total: theirs.map(\.totalCost).reduce(0, +))
            }
            return IncidentDay(day: day, incidents: ordered, totals: totals)
        }
    }
}
