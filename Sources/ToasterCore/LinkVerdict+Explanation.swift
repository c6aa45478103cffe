extension LinkVerdict {
    /// `excluded by details[0] components[1] {"/": "/links/private/*", "exclude": true}`, or
    /// why nothing matched.
    public var explanation: String {
        switch outcome {
        case .match, .excluded:
            decidedBy.map { "\(outcome.label) by \($0.label) \($0.text)" } ?? outcome.label
        case .noMatch:
            "\(outcome.label): \(reason ?? "no rule matches")"
        }
    }
}
