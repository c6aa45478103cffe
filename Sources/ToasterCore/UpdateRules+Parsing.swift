extension UpdateRules {
    /// Reads `major=force,minor=option,patch=option,revision=none`; kinds not named keep the
    /// default outcome.
    public init(parsing text: String) throws(RulesError) {
        self = .default
        for item in text.split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1).map { String($0.trimmingWhitespace()) }
            guard pair.count == 2 else { throw RulesError(item: String(item), problem: "expected KIND=OUTCOME") }
            guard let kind = UpdateKind(rawValue: pair[0]) else {
                throw RulesError(item: String(item), problem: "the kind must be one of major, minor, patch, revision")
            }
            guard let outcome = UpdateOutcome(rawValue: pair[1]) else {
                throw RulesError(item: String(item), problem: "the outcome must be one of force, option, none")
            }
            self[kind] = outcome
        }
    }
}
