/// What happens for one kind of update: the alert, and how often it may come back once shown.
public struct UpdateRule: Sendable, Equatable {
    public var outcome: UpdateOutcome
    public var frequency: PromptFrequency

    public init(_ outcome: UpdateOutcome, _ frequency: PromptFrequency = .immediately) {
        self.outcome = outcome
        self.frequency = frequency
    }

    /// Siren's presets (`Rules.critical` …), same names and meanings.
    public static let presets: [(name: String, rule: UpdateRule)] = [
        ("critical", UpdateRule(.force, .immediately)),
        ("annoying", UpdateRule(.option, .immediately)),
        ("persistent", UpdateRule(.option, .daily)),
        ("hinting", UpdateRule(.option, .weekly)),
        ("relaxed", UpdateRule(.skip, .weekly)),
        ("default", UpdateRule(.skip, .daily)),
    ]

    public static func preset(named name: String) -> UpdateRule? {
        presets.first { $0.name == name }?.rule
    }
}
