import ToasterCore

extension ServicePolicy {
    /// Every key of `tree` must be one the format has: a misspelt one would otherwise be ignored
    /// without a word. Named with its place and the nearest known key.
    static func refuseUnknownKeys(in tree: JSONTree) throws(PolicyError) {
        try refuseUnknownKeys(tree, at: .root, known: CodingKeys.self)
        for (index, app) in (tree["apps"]?.items ?? []).enumerated() {
            let place = JSONPlace.root.key("apps").index(index)
            try refuseUnknownKeys(app, at: place, known: AppPolicy.CodingKeys.self)
            try app["remoteConfig"].map { value throws(PolicyError) in
                try refuseUnknownKeys(value, at: place.key("remoteConfig"), known: RemoteConfigPlace.CodingKeys.self)
            }
            try app["cms"].map { value throws(PolicyError) in try refuseUnknownKeys(value, at: place.key("cms"), known: CMSPlace.CodingKeys.self) }
            try app["forced"].map { value throws(PolicyError) in
                try refuseUnknownKeys(value, at: place.key("forced"), known: ForcedWindow.CodingKeys.self)
            }
            try refuseUnknownReleaseKeys(app, at: place)
            try app["appStoreConnect"].map { value throws(PolicyError) in try refuseUnknownAppStoreConnectKeys(value, at: place.key("appStoreConnect")) }
            for country in app["storefronts"]?.keys ?? [] {
                guard let storefront = app["storefronts"]?[country] else { continue }
                let at = place.key("storefronts").key(country)
                try refuseUnknownKeys(storefront, at: at, known: StorefrontRelease.CodingKeys.self)
                try refuseUnknownReleaseKeys(storefront, at: at)
            }
        }
    }

    /// `previous` and `lagSeconds`, in an app or one of its storefronts.
    private static func refuseUnknownReleaseKeys(_ object: JSONTree, at place: JSONPlace) throws(PolicyError) {
        try object["previous"].map { value throws(PolicyError) in
            try refuseUnknownKeys(value, at: place.key("previous"), known: StoreRelease.CodingKeys.self)
        }
        try object["lagSeconds"].map { value throws(PolicyError) in
            try refuseUnknownKeys(value, at: place.key("lagSeconds"), known: AnswerLag.CodingKeys.self)
        }
    }

    private static func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_ object: JSONTree, at place: JSONPlace, known: Keys.Type)
        throws(PolicyError) {
        try refuseUnknownKeys(object, at: place, known: Keys.allCases.map(\.stringValue), kind: "a policy key")
    }

    /// The first key of `object` not in `names`, named with its place and the nearest known
    /// name: `"minRequiredVersoin" is not a policy key; did you mean …?` (`kind` says whose).
    static func refuseUnknownKeys(_ object: JSONTree, at place: JSONPlace, known names: [String], kind: String) throws(PolicyError) {
        guard let unknown = object.keys.first(where: { !names.contains($0) }) else { return }
        let quoted = JSONValue.string(unknown).serialized()
        let nearest = NearestName.to(unknown, among: names).map { "; did you mean `\($0)`?" } ?? " (known: \(names.joined(separator: ", ")))"
        throw PolicyError("\(place.key(unknown)): \(quoted) is not \(kind)\(nearest)")
    }

    /// The keys an `appStoreConnect` object may hold, inside too.
    private static func refuseUnknownAppStoreConnectKeys(_ object: JSONTree, at place: JSONPlace) throws(PolicyError) {
        try refuseUnknownKeys(object, at: place, known: AppStoreConnectApp.CodingKeys.self)
        for (index, release) in (object["versions"]?.items ?? []).enumerated() {
            let at = place.key("versions").index(index)
            try refuseUnknownKeys(release, at: at, known: AppStoreConnectRelease.CodingKeys.self)
            try release["phasedRelease"].map { value throws(PolicyError) in
                try refuseUnknownKeys(value, at: at.key("phasedRelease"), known: PhasedReleasePolicy.CodingKeys.self)
            }
        }
    }
}
