extension UpdateRules {
    /// Reads a comma-separated list, applied left to right over the reference app's rules:
    /// `PRESET` sets every kind (`relaxed`), `KIND=OUTCOME` or `KIND=PRESET` sets one kind, and
    /// `:FREQUENCY` after an outcome sets how often it may come back (`minor=option:daily`).
    public init(parsing text: String) throws(RulesError) {
        self = .seed
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0.trimmingWhitespace()) }) {
            guard !item.isEmpty else { throw RulesError(item: text, problem: "an item is empty") }
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0.trimmingWhitespace()) }
            guard pair.count == 2 else {
                self = UpdateRules(all: try Self.rule(item, item: item, base: UpdateRule(.none)))
                continue
            }
            guard let kind = UpdateKind(rawValue: pair[0]) else {
                throw RulesError(item: item, problem: "the kind must be one of \(UpdateKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self[kind] = try Self.rule(pair[1], item: item, base: self[kind])
        }
    }

    private static func rule(_ text: String, item: String, base: UpdateRule) throws(RulesError) -> UpdateRule {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map { String($0.trimmingWhitespace()) }
        var rule: UpdateRule
        if let outcome = UpdateOutcome(rawValue: parts[0]) {
            rule = UpdateRule(outcome, base.frequency)
        } else if let preset = UpdateRule.preset(named: parts[0]) {
            rule = preset
        } else {
            let outcomes = UpdateOutcome.allCases.map(\.rawValue).joined(separator: ", ")
            let presets = UpdateRule.presets.map(\.name).joined(separator: ", ")
            throw RulesError(item: item, problem: "\"\(parts[0])\" is neither an outcome (\(outcomes)) nor a preset (\(presets))")
        }
        if parts.count == 2 {
            guard let frequency = PromptFrequency(rawValue: parts[1]) else {
                let names = PromptFrequency.allCases.map(\.rawValue).joined(separator: ", ")
                throw RulesError(item: item, problem: "the frequency must be one of \(names)")
            }
            rule.frequency = frequency
        }
        return rule
    }
}
