/// The known name a misspelt one most likely meant, for "did you mean …?".
public enum NearestName {
    /// The name in `known` fewest edits away from `name` (letter case ignored), if it is close
    /// enough to be a slip of the keyboard rather than a different word.
    public static func to(_ name: String, among known: [String]) -> String? {
        let typed = Array(name.lowercased())
        let scored = known.map { (name: $0, edits: edits(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.edits < $1.edits }), best.edits <= max(2, typed.count / 3) else { return nil }
        return best.name
    }

    /// Insertions, deletions, substitutions and swaps of neighbours that turn `a` into `b`
    /// (optimal string alignment distance).
    static func edits(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
