/// The App Store Connect API as preflight reads it: JSON:API documents of an app's availability
/// by territory, its versions, and the newest one's phased release and build, each request
/// carrying an ES256 token of the team's key. A resource's fields are those either side uses;
/// what the reader needs is required.
public enum AppStoreConnectAPI {
    /// The token's `aud`.
    public static let audience = "appstoreconnect-v1"
    /// The token's signature algorithm.
    public static let algorithm = "ES256"
    /// Apple refuses a token that lives longer, in seconds.
    public static let maximumLifetime = 20 * 60
    /// The platform of iOS versions, as `filter[platform]` and a version's `platform` say it.
    public static let iOS = "IOS"

    /// The query items preflight sends.
    public enum Query {
        public static let bundleIDFilter = "filter[bundleId]"
        public static let platformFilter = "filter[platform]"
        public static let limit = "limit"
        public static let include = "include"
    }

    /// The token's claims: the issuer id, when it was issued and expires (seconds since 1970, as
    /// JWT's NumericDate: written whole, read with a fraction too), the audience.
    public struct TokenClaims: Codable, Sendable, Equatable {
        public var iss, aud: String
        public var iat, exp: Double

        public init(iss: String, iat: Double, exp: Double, aud: String = AppStoreConnectAPI.audience) {
            (self.iss, self.iat, self.exp, self.aud) = (iss, iat, exp, aud)
        }
    }

    public struct Links: Codable, Sendable, Equatable {
        /// `self`.
        public var this: String?
        public var next: String?
        public var related: String?

        public enum CodingKeys: String, CodingKey {
            case this = "self", next, related
        }

        public init(this: String? = nil, next: String? = nil, related: String? = nil) {
            (self.this, self.next, self.related) = (this, next, related)
        }
    }

    /// A document whose `data` is one resource, or null (a to-one relationship with nothing at
    /// its end): JSON:API writes `"data": null` rather than leaving the key out, and a document
    /// without `data` is refused.
    public struct One<Resource: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        public var data: Resource?

        public enum CodingKeys: String, CodingKey {
            case data
        }

        public init(data: Resource?) { self.data = data }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            data = try container.decodeNil(forKey: .data) ? nil : container.decode(Resource.self, forKey: .data)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(data, forKey: .data)
        }
    }

    /// A page of a list, with the link to the next one while more are left.
    public struct Page<Resource: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        public var data: [Resource]
        public var links: Links?

        public init(data: [Resource], links: Links?) { (self.data, self.links) = (data, links) }
    }

    /// A resource by its type and id alone: an app found by its bundle id, a territory.
    public struct Identifier: Codable, Sendable, Equatable {
        public static let apps = "apps"
        public static let territories = "territories"

        public var type: String?
        public var id: String

        public init(type: String?, id: String) { (self.type, self.id) = (type, id) }
    }

    /// `GET /v1/apps/{id}/appAvailabilityV2`.
    public struct AppAvailability: Codable, Sendable, Equatable {
        public static let resourceType = "appAvailabilities"

        public struct Attributes: Codable, Sendable, Equatable {
            public var availableInNewTerritories: Bool?
        }

        public struct Relationships: Codable, Sendable, Equatable {
            public struct Related: Codable, Sendable, Equatable {
                public var links: Links?
            }

            public var territoryAvailabilities: Related?
        }

        public var type: String?
        public var id: String
        public var attributes: Attributes?
        public var relationships: Relationships?

        public init(id: String, availableInNewTerritories: Bool?, territoryAvailabilities related: String?) {
            type = Self.resourceType
            self.id = id
            attributes = Attributes(availableInNewTerritories: availableInNewTerritories)
            relationships = Relationships(territoryAvailabilities: .init(links: Links(related: related)))
        }

        public static func path(app: String) -> String { "/v1/apps/\(app)/appAvailabilityV2" }
    }

    /// One territory of `GET /v2/appAvailabilities/{id}/territoryAvailabilities`.
    public struct TerritoryAvailability: Codable, Sendable, Equatable {
        public static let resourceType = "territoryAvailabilities"

        public struct Attributes: Codable, Sendable, Equatable {
            public var available: Bool
        }

        public struct Relationships: Codable, Sendable, Equatable {
            public struct Territory: Codable, Sendable, Equatable {
                public var data: Identifier
            }

            public var territory: Territory

            /// `territory` is also what `include` names to have each territory's id.
            public enum CodingKeys: String, CodingKey {
                case territory
            }
        }

        public var type: String?
        public var id: String?
        public var attributes: Attributes
        public var relationships: Relationships

        public init(id: String, available: Bool, territory: String) {
            type = Self.resourceType
            self.id = id
            attributes = Attributes(available: available)
            relationships = Relationships(territory: .init(data: Identifier(type: Identifier.territories, id: territory)))
        }

        public static func path(availability: String) -> String { "/v2/appAvailabilities/\(availability)/territoryAvailabilities" }
    }

    /// One of `GET /v1/apps/{id}/appStoreVersions`.
    public struct AppStoreVersion: Codable, Sendable, Equatable {
        public static let resourceType = "appStoreVersions"

        public struct Attributes: Codable, Sendable, Equatable {
            public var platform: String?
            public var versionString: String
            public var appVersionState: String
            public var releaseType: String?
            public var earliestReleaseDate: String?

            public init(platform: String?, versionString: String, appVersionState: String, releaseType: String?, earliestReleaseDate: String?) {
                (self.platform, self.versionString, self.appVersionState) = (platform, versionString, appVersionState)
                (self.releaseType, self.earliestReleaseDate) = (releaseType, earliestReleaseDate)
            }
        }

        public var type: String?
        public var id: String
        public var attributes: Attributes

        public init(id: String, attributes: Attributes) {
            (type, self.id, self.attributes) = (Self.resourceType, id, attributes)
        }

        public static func path(app: String) -> String { "/v1/apps/\(app)/appStoreVersions" }
    }

    /// `GET /v1/appStoreVersions/{id}/appStoreVersionPhasedRelease`.
    public struct PhasedRelease: Codable, Sendable, Equatable {
        public static let resourceType = "appStoreVersionPhasedReleases"
        /// The relationship's name, the last segment of its path.
        public static let relationship = "appStoreVersionPhasedRelease"

        public struct Attributes: Codable, Sendable, Equatable {
            public var phasedReleaseState: String
            public var currentDayNumber: Int?
            public var startDate: String?
        }

        public var type: String?
        public var id: String?
        public var attributes: Attributes

        public init(id: String, phasedReleaseState: String, currentDayNumber: Int?, startDate: String?) {
            (type, self.id) = (Self.resourceType, id)
            attributes = Attributes(phasedReleaseState: phasedReleaseState, currentDayNumber: currentDayNumber, startDate: startDate)
        }
    }

    /// `GET /v1/appStoreVersions/{id}/build`.
    public struct Build: Codable, Sendable, Equatable {
        public static let resourceType = "builds"
        public static let relationship = "build"

        public struct Attributes: Codable, Sendable, Equatable {
            public var minOsVersion: String?
        }

        public var type: String?
        public var id: String?
        public var attributes: Attributes

        public init(id: String, minOsVersion: String?) {
            (type, self.id, attributes) = (Self.resourceType, id, Attributes(minOsVersion: minOsVersion))
        }
    }

    /// `/v1/appStoreVersions/{id}/{relationship}`.
    public static func versionPath(_ version: String, relationship: String) -> String {
        "/v1/appStoreVersions/\(version)/\(relationship)"
    }

    /// `/v1/apps`, filtered by bundle id.
    public static let appsPath = "/v1/apps"

    /// An error document: `{"errors": [{"status": "401", "code": "NOT_AUTHORIZED", …}]}`.
    public struct Errors: Codable, Sendable, Equatable {
        public struct Item: Codable, Sendable, Equatable {
            public var status: String
            public var code: String
            public var title: String
            public var detail: String
        }

        public var errors: [Item]

        /// The `code`s toaster-server answers with.
        public enum Code: String, CaseIterable, Sendable {
            case notAuthorized = "NOT_AUTHORIZED", notFound = "NOT_FOUND"
        }

        public init(status: Int, code: String, title: String, detail: String) {
            errors = [Item(status: String(status), code: code, title: title, detail: detail)]
        }
    }
}
