extension TraceEvent {
    /// The trace line's members after `t` (docs/00 §5).
    public var jsonMembers: [(String, JSONValue)] {
        switch self {
        case .lifecycle(let callback):
            return [("event", .string("lifecycle")), ("name", .string(callback.rawValue))]
        case let .versionCheck(source, current, latest, decision, reason, heldBack):
            let gate: [(String, JSONValue)] = heldBack.map {
                [("heldBackBy", .string($0.name)), ("heldBackWhy", .string($0.explanation))]
            } ?? []
            return [("event", .string("versionCheck")), ("source", .string(source)), ("current", .string(current)),
                    ("latest", latest.json), ("decision", .string(decision.rawValue)), ("reason", .string(reason.rawValue))] + gate
        case let .alertPresented(type, title, buttons):
            return [("event", .string("alertPresented")), ("type", .string(type.rawValue)), ("title", .string(title)),
                    ("buttons", .array(buttons.map(JSONValue.string)))]
        case .alertDismissed(let button):
            return [("event", .string("alertDismissed")), ("button", button.json)]
        case .universalLink(let link):
            return [("event", .string("universalLink")), ("url", .string(link.url)), ("outcome", .string(link.outcome.rawValue)),
                    ("path", .string(link.path)), ("decidedBy", (link.decidedBy?.label).json), ("why", .string(link.explanation))]
        case .openURL(let url):
            return [("event", .string("openURL")), ("url", .string(url))]
        case .error(let message):
            return [("event", .string("error")), ("message", .string(message))]
        }
    }

    /// One trace line: `{"t": ms, "event": …}`.
    public func traceLine(milliseconds: Int) -> String {
        JSONValue.object([("t", .number(milliseconds))] + jsonMembers).serialized()
    }
}
