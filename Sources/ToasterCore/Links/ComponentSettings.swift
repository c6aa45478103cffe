import FoundationEssentials

/// The keys one level sets — a component, an entry's `defaults`, the domain's `defaults` — as
/// read; a level that leaves a key out takes it from the level around it.
struct ComponentSettings {
    /// A value and where the file wrote it, for the warnings its patterns make.
    struct Written<Value> {
        let value: Value
        let place: JSONPlace
    }

    enum Query {
        case whole(String)
        case items([(name: String, pattern: String)])
    }

    var path: Written<String>?
    var query: Written<Query>?
    var fragment: Written<String>?
    var exclude: Written<Bool>?
    var caseSensitive: Bool?
    var percentEncoded: Bool?
    /// Each key set and its short JSON, in the file's order, for the rule shown.
    var shown: [(key: String, text: String)] = []

    /// The keys the level has, valid or not: a key set to a value iOS ignores still keeps the
    /// level around it from supplying that key.
    var keys: Set<String> = []

    /// These settings over `outer`, the more specific level winning key by key; the keys taken
    /// from `outer` are shown after this level's own.
    func over(_ outer: ComponentSettings) -> ComponentSettings {
        var merged = self
        if !keys.contains("/") { merged.path = outer.path }
        if !keys.contains("?") { merged.query = outer.query }
        if !keys.contains("#") { merged.fragment = outer.fragment }
        if !keys.contains("exclude") { merged.exclude = outer.exclude }
        if !keys.contains("caseSensitive") { merged.caseSensitive = outer.caseSensitive }
        if !keys.contains("percentEncoded") { merged.percentEncoded = outer.percentEncoded }
        merged.keys.formUnion(outer.keys)
        merged.shown += outer.shown.filter { !keys.contains($0.key) }
        return merged
    }
}
