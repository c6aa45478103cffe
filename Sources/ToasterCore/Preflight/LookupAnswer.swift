import ToasterWire

/// One App Store lookup preflight asks a storefront: by App Store id or bundle id, in the query
/// form (`/lookup?id=…&country=kr`) or the path form (`/kr/lookup?id=…`). The forms are served
/// from different caches and can disagree for days after a release.
public struct LookupRequest: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        case id(String)
        case bundleID(String)
    }

    public enum Form: String, Sendable, Hashable, CaseIterable {
        case query, path
    }

    public var storefront: String
    public var key: Key
    public var form: Form

    public init(storefront: String, key: Key, form: Form) {
        self.storefront = storefront
        self.key = key
        self.form = form
    }

    /// The request as it is sent, in its storefront: `?id=…&country=kr` or `/kr/lookup?bundleId=…`.
    public var formName: String { formName(country: storefront) }

    /// The request with `country` in its storefront's place; `{cc}` names every storefront at once.
    public func formName(country: String) -> String {
        let item = switch key {
        case .id(let id): "id=\(id)"
        case .bundleID(let bundleID): "\(AppStoreLookupAPI.Query.bundleID)=\(bundleID)"
        }
        return switch form {
        case .query: "?\(item)&country=\(country)"
        case .path: "/\(country)/lookup?\(item)"
        }
    }

    /// The same request in every storefront: what findings about several storefronts compare.
    struct Everywhere: Hashable {
        let key: Key
        let form: Form

        /// The request in `country`'s storefront, as `formName(country:)` writes it.
        func formName(country: String) -> String { LookupRequest(storefront: country, key: key, form: form).formName }
    }

    var everywhere: Everywhere { Everywhere(key: key, form: form) }
}

/// What a storefront's lookup lists: the store listing plus the ids the update URL must match.
public struct LookupEntry: Sendable, Equatable {
    public var listing: StoreListing
    public var trackID: Int?
    public var bundleID: String?

    public init(listing: StoreListing, trackID: Int?, bundleID: String?) {
        self.listing = listing
        self.trackID = trackID
        self.bundleID = bundleID
    }
}

/// A lookup and its answer; a nil `entry` is `resultCount: 0`, the app not listed there.
public struct LookupAnswer: Sendable, Equatable {
    public var request: LookupRequest
    public var entry: LookupEntry?

    public init(request: LookupRequest, entry: LookupEntry?) {
        self.request = request
        self.entry = entry
    }
}

/// A lookup that failed for good: every retry spent, or a failure no retry mends.
public struct UnansweredLookup: Sendable, Equatable {
    public var request: LookupRequest
    /// The last failure's sentence.
    public var reason: String

    public init(request: LookupRequest, reason: String) {
        self.request = request
        self.reason = reason
    }
}
