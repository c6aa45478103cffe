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
        case .realtime(let event):
            return event.jsonMembers
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

extension RealtimeTrace {
    /// Versions as texts, as Firebase writes a template's version number.
    var jsonMembers: [(String, JSONValue)] {
        switch self {
        case .opened(let known):
            return [("event", .string("realtimeOpened")), ("knownVersion", .string(String(known)))]
        case let .announced(version, known, fetchIn, reconnectAfter):
            return [("event", .string("realtimeAnnounced")), ("version", version.map { String($0) }.json), ("knownVersion", .string(String(known))),
                    ("fetchInMs", fetchIn.map { JSONValue.number($0) } ?? .null),
                    ("reconnectAfterSeconds", reconnectAfter.map { JSONValue.number($0) } ?? .null)]
        case let .fetch(attempt, target):
            return [("event", .string("realtimeFetch")), ("attempt", .number(attempt)), ("version", .string(String(target)))]
        case let .lost(why, status, reconnectIn):
            return [("event", .string("realtimeLost")), ("why", .string(why)), ("status", status.map { JSONValue.number($0) } ?? .null),
                    ("reconnectInMs", reconnectIn.map { JSONValue.number($0) } ?? .null)]
        case .closed(let why):
            return [("event", .string("realtimeClosed")), ("why", .string(why))]
        }
    }
}
