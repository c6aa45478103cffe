/// A version the store serves, with the fields the lookup reports for it.
public struct StoreRelease: Codable, Sendable, Equatable {
    public var version: String
    public var releaseDate: String?
    public var minimumOsVersion: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, releaseDate, minimumOsVersion
    }
}

/// Answer forms that lag a release, in seconds: the `?country=` query form, and any lookup by `bundleId`.
public struct AnswerLag: Codable, Sendable, Equatable {
    public var query: Double?
    public var bundleId: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case query, bundleId
    }
}

/// One storefront's release, where it differs from the app's.
public struct StorefrontRelease: Codable, Sendable, Equatable {
    public var version: String?
    public var releaseDate: String?
    public var minimumOsVersion: String?
    public var previous: StoreRelease?
    public var lagSeconds: AnswerLag?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, releaseDate, minimumOsVersion, previous, lagSeconds
    }
}
