import Foundation

/// Matches a name asked for (a country, region, column or pair) against the names in the
/// data, ignoring case, accents and spacing, and finds close matches for an error message.
enum NameMatcher {
    /// One thing that can be chosen: its display name and other names for it (codes).
    struct Candidate: Sendable {
        var name: String
        var aliases: [String]

        init(_ name: String, aliases: [String] = []) {
            self.name = name
            self.aliases = aliases.filter { !$0.isEmpty }
        }
    }

    /// Lowercased, accents removed, runs of white space made one space, trimmed.
    static func normalize(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The indices of candidates whose name or alias equals `query` (normalized).
    static func exactMatches(_ query: String, in candidates: [Candidate]) -> [Int] {
        let wanted = normalize(query)
        return candidates.indices.filter { index in
            let candidate = candidates[index]
            return normalize(candidate.name) == wanted || candidate.aliases.contains { normalize($0) == wanted }
        }
    }

    /// Up to `limit` names close to `query`: a prefix either way or a contained word first,
    /// then those within a small edit distance, nearest first.
    static func closeMatches(for query: String, in candidates: [Candidate], limit: Int = 5) -> [String] {
        let wanted = normalize(query)
        guard !wanted.isEmpty else { return [] }
        var scored: [(score: Int, name: String)] = []
        var seen = Set<String>()
        for candidate in candidates where !seen.contains(candidate.name) {
            var best = Int.max
            for text in [candidate.name] + candidate.aliases {
                let name = normalize(text)
                guard !name.isEmpty else { continue }
                if name.hasPrefix(wanted) || wanted.hasPrefix(name) {
                    best = min(best, 0)
                } else if name.contains(wanted) || (wanted.count >= 4 && wanted.contains(name) && name.count >= 3) {
                    best = min(best, 1)
                } else {
                    // One typo in a short name, two from 6 characters, three from 9.
                    let shorter = min(wanted.count, name.count)
                    let allowed = shorter >= 9 ? 3 : (shorter >= 6 ? 2 : (shorter >= 3 ? 1 : 0))
                    let distance = editDistance(wanted, name)
                    if distance <= allowed { best = min(best, 1 + distance) }
                }
            }
            if best != Int.max {
                scored.append((best, candidate.name))
                seen.insert(candidate.name)
            }
        }
        return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(limit).map(\.name)
    }

    /// Edit distance over characters, counting a swap of neighbours as one edit
    /// (optimal string alignment), so `Indai` is one edit from `India`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
