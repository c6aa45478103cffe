extension DecisionReport {
    /// The object `toastercli check --format json` prints (docs/00 §5).
    public var json: JSONValue {
        .object([
            ("decision", .string(decision.rawValue)),
            ("reason", .string(reason.rawValue)),
            ("why", .string(why)),
            ("alertType", alert.map { .string($0.type.rawValue) } ?? .null),
            ("current", .string(current.description)),
            ("latest", (latest?.description).json),
            ("title", (alert?.title).json),
            ("message", (alert?.message).json),
            ("buttons", .array((alert?.buttonTitles ?? []).map(JSONValue.string))),
            ("updateURL", .string(updateURL)),
            ("frequency", .string(frequency.rawValue)),
            ("heldBackBy", heldBack.map { .string($0.name) } ?? .null),
            ("heldBackWhy", (heldBack?.explanation).json),
            ("heldDecision", (heldDecision?.rawValue).json),
            ("notices", .array(notices.map(JSONValue.string))),
            ("deadEnd", .bool(deadEnd)),
        ] + (remoteConfigJSON.map { [("remoteConfig", $0)] } ?? []))
    }

    /// What the template gave and why, or only its version when a fetch answered it.
    private var remoteConfigJSON: JSONValue? {
        remoteConfig?.json ?? templateVersion.map { .object([("templateVersion", .string($0))]) }
    }
}
