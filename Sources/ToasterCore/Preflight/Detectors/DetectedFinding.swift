/// What one detector found, as data: the finding's kind and everything its sentences say. Two
/// equal values are one finding, however many cells it was found in.
enum DetectedFinding: Hashable {
    case minAboveStore(MinAboveStore)
    case forcedNotListed(ForcedNotListed)
    case forcedAfterUpdate(ForcedAfterUpdate)
    case osDeadEnd(OSDeadEnd)
    case storeURL(StoreURL)
    case forcedUnreleased(ForcedUnreleased)
    case tooFresh(TooFresh)
    case lookupsDisagree(LookupsDisagree)
    case versionString(VersionString)
    case window(Window)
    case promptNotServed(PromptNotServed)
    case unanswered(Unanswered)

    var kind: PreflightFinding.Kind {
        switch self {
        case .minAboveStore: .minAboveStore
        case .forcedNotListed: .forcedNotListed
        case .forcedAfterUpdate: .forcedAfterUpdate
        case .osDeadEnd: .osDeadEnd
        case .storeURL: .storeURL
        case .forcedUnreleased: .forcedUnreleased
        case .tooFresh: .tooFresh
        case .lookupsDisagree: .lookupsDisagree
        case .versionString: .versionString
        case .window: .window
        case .promptNotServed: .promptNotServed
        case .unanswered: .unanswered
        }
    }

    /// The template condition that caused it; nil when no condition did.
    var condition: String? {
        switch self {
        case .minAboveStore(let found): found.cause.condition
        case .forcedNotListed(.notListed(let cause)), .forcedNotListed(.nothingNewer(_, let cause)): cause.condition
        case .forcedAfterUpdate(let found): found.cause.condition
        case .osDeadEnd(let found): found.condition
        case .storeURL(.notAppStore(_, let origin, _)), .storeURL(.otherApp(_, let origin, _, _)): origin.condition
        case .forcedUnreleased(let found): found.cause.condition
        case .tooFresh(let found): found.condition
        case .promptNotServed(let found): found.cause.condition
        case .lookupsDisagree, .versionString, .window, .unanswered: nil
        }
    }

    /// Whether the users it reaches are stranded: the cells it is found in are dead ends. A
    /// wrong update URL is a dead end of its own, beside whatever the cell is.
    var strands: Bool {
        switch self {
        case .minAboveStore, .forcedNotListed, .forcedAfterUpdate, .osDeadEnd, .forcedUnreleased: true
        case .storeURL, .tooFresh, .lookupsDisagree, .versionString, .window, .promptNotServed, .unanswered: false
        }
    }
}

/// Where a finding was found: the storefront and the installed version (a row) it is about, nil
/// when it is not about one; the group of devices, nil for every group.
struct FindingSite: Hashable {
    let storefront: String?
    let row: Int?
    let group: Int?
}
