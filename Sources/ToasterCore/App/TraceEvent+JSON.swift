extension TraceEvent {
    /// The trace line's members after `t` (docs/00 §5).
    public var jsonMembers: [(String, JSONValue)] {
        switch self {
        case .lifecycle(let callback):
            return [("event", .string("lifecycle")), ("name", .string(callback.rawValue))]
        case let .versionCheck(source, current, latest, decision, reason, heldBack, remoteConfig, why):
            let gate: [(String, JSONValue)] = heldBack.map {
                [("heldBackBy", .string($0.name)), ("heldBackWhy", .string($0.explanation))]
            } ?? []
            return [("event", .string("versionCheck")), ("source", .string(source)), ("current", .string(current)),
                    ("latest", latest.json), ("decision", .string(decision.rawValue)), ("reason", .string(reason.rawValue))]
                + (why.map { [("why", .string($0))] } ?? []) + gate
                + (remoteConfig.map { [("remoteConfig", $0.json)] } ?? [])
        case let .alertPresented(type, title, message, buttons):
            return [("event", .string("alertPresented")), ("type", .string(type.rawValue)), ("title", .string(title)), ("message", .string(message)),
                    ("buttons", .array(buttons.map { .string($0.title) })), ("buttonIds", .array(buttons.map { .string($0.role.traceID) }))]
        case .alertDismissed(let button):
            return [("event", .string("alertDismissed")), ("button", (button?.title).json), ("buttonId", (button?.role.traceID).json)]
        case .alertFocus(let button):
            return [("event", .string("alertFocus")), ("button", .string(button.title)), ("buttonId", .string(button.role.traceID))]
        case .storePage(let page):
            let button: JSONValue = page.listing == nil ? .null : .string(page.offersUpdate ? "update" : "open")
            return [("event", .string("storePage")), ("button", button), ("version", (page.listing?.version).json), ("url", .string(page.url))]
        case .installStarted(let version):
            return [("event", .string("installStarted")), ("version", .string(version))]
        case .installFinished(let version):
            return [("event", .string("installFinished")), ("version", .string(version))]
        case let .browser(url, reason):
            return [("event", .string("browser")), ("url", .string(url)), ("reason", reason.json)]
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

extension AlertButton.Role {
    /// The id a trace names the button by, the same in every language: Siren's action names.
    public var traceID: String {
        switch self {
        case .update: "update"
        case .later: "nextTime"
        case .skip: "skip"
        }
    }
}
