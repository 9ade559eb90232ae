/// Spreads label centres so neighbours are at least `pitch` apart, as close as possible to their rows:
/// overlapping labels merge into clusters centred on their rows' mean, then clusters are kept in bounds.
enum LabelStacker {
    static func stack(ideals: [Double], pitch: Double, lower: Double, upper: Double) -> [Double] {
        guard !ideals.isEmpty else { return [] }
        // Each cluster: first index, count, top centre.
        var clusters: [(first: Int, count: Int, top: Double)] = ideals.enumerated().map { ($0.offset, 1, $0.element) }
        var changed = true
        var rounds = 0
        while changed && rounds < 1000 {
            changed = false
            rounds += 1
            for index in clusters.indices {
                let span = Double(clusters[index].count - 1) * pitch
                let members = ideals[clusters[index].first..<(clusters[index].first + clusters[index].count)]
                var top = members.reduce(0, +) / Double(members.count) - span / 2
                top = max(top, lower)
                top = min(top, upper - span)
                clusters[index].top = top
            }
            var merged: [(first: Int, count: Int, top: Double)] = []
            for cluster in clusters {
                if let last = merged.last, last.top + Double(last.count) * pitch > cluster.top + 1e-9 {
                    merged[merged.count - 1].count += cluster.count
                    changed = true
                } else {
                    merged.append(cluster)
                }
            }
            clusters = merged
        }
        var centres: [Double] = []
        for cluster in clusters {
            for offset in 0..<cluster.count { centres.append(cluster.top + Double(offset) * pitch) }
        }
        return centres
    }
}
