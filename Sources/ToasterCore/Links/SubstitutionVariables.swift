import Synchronization

/// The values of substitution variables: Apple's built-in ones (`$(alpha)` … `$(lang)`) and the
/// file's `applinks.substitutionVariables`, which win over a built-in of the same name. Each
/// variable is compiled once per case rule and shared by every pattern that names it: a file
/// that uses `$(lang)` two hundred times holds one trie of its 615 codes, not two hundred.
struct SubstitutionVariables: Sendable {
    let values: [String: [String]]
    private let compiled = CompiledVariables()

    init(values: [String: [String]]) {
        self.values = values
    }

    static let builtIn = SubstitutionVariables(values: {
        let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let lower = upper.map { $0.lowercased() }
        let digits = (0...9).map(String.init)
        return [
            "alpha": upper + lower, "upper": upper, "lower": lower, "alnum": upper + lower + digits,
            "digit": digits, "xdigit": digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"],
            "region": ISOCodes.regions, "lang": ISOCodes.languages,
        ]
    }())

    /// The built-in variables with the file's added over them.
    func adding(_ defined: [String: [String]]) -> SubstitutionVariables {
        SubstitutionVariables(values: values.merging(defined) { _, file in file })
    }

    /// What `$(name)` matches under a case rule, compiled on first use; nil when no one defines it.
    func alternatives(_ name: String, caseSensitive: Bool) -> LinkPattern.Alternatives? {
        guard let list = values[name] else { return nil }
        return compiled.alternatives(name, caseSensitive: caseSensitive) { LinkPattern.Alternatives(list, caseSensitive: caseSensitive) }
    }
}

/// The variables compiled so far. Filled while a file is read, and read-only after; the lock
/// makes sharing the built-in set between files read at once safe.
private final class CompiledVariables: Sendable {
    private let table = Mutex<[String: LinkPattern.Alternatives]>([:])

    func alternatives(_ name: String, caseSensitive: Bool, make: () -> LinkPattern.Alternatives) -> LinkPattern.Alternatives {
        let key = (caseSensitive ? "=" : "~") + name
        if let found = table.withLock({ $0[key] }) { return found }
        let made = make()
        return table.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = made
            return made
        }
    }
}
