/// The JSON:API shapes of the simulated App Store Connect's answers, as App Store Connect writes them.
extension AppStoreConnectRoutes {
    struct One: Encodable {
        let data: Resource?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // JSON:API writes an empty to-one relationship as "data": null, not without the key.
            try container.encode(data, forKey: .data)
        }

        enum CodingKeys: String, CodingKey { case data }
    }

    struct Page: Encodable {
        let data: [Resource]
        let links: Links
    }

    struct Links: Encodable {
        let this: String?
        let next: String?
        var related: String?

        enum CodingKeys: String, CodingKey { case this = "self", next, related }
    }

    struct Identifier: Encodable {
        let type: String
        let id: String
    }

    struct Relationship: Encodable {
        let links: Links?
        let data: Identifier?
    }

    struct Resource: Encodable {
        let type: String
        let id: String
        let attributes: Attributes?
        let relationships: [String: Relationship]?
    }

    enum Attributes: Encodable {
        case availability(availableInNewTerritories: Bool)
        case territory(available: Bool)
        case version(platform: String, versionString: String, appVersionState: String, releaseType: String?, earliestReleaseDate: String?)
        case phasedRelease(phasedReleaseState: String, currentDayNumber: Int?, startDate: String?)
        case build(minOsVersion: String)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .availability(let value): try Fields(availableInNewTerritories: value).encode(to: encoder)
            case .territory(let available): try Fields(available: available).encode(to: encoder)
            case let .version(platform, versionString, state, releaseType, date):
                try Fields(platform: platform, versionString: versionString, appVersionState: state, releaseType: releaseType,
                           earliestReleaseDate: date).encode(to: encoder)
            case let .phasedRelease(state, day, start):
                try Fields(phasedReleaseState: state, currentDayNumber: day, startDate: start).encode(to: encoder)
            case .build(let os): try Fields(minOsVersion: os).encode(to: encoder)
            }
        }

        /// Every attribute any of the resources has; absent ones are left out of the document.
        private struct Fields: Encodable {
            var availableInNewTerritories: Bool?
            var available: Bool?
            var platform: String?
            var versionString: String?
            var appVersionState: String?
            var releaseType: String?
            var earliestReleaseDate: String?
            var phasedReleaseState: String?
            var currentDayNumber: Int?
            var startDate: String?
            var minOsVersion: String?
        }
    }

    struct Errors: Encodable {
        struct Item: Encodable {
            let status: String
            let code: String
            let title: String
            let detail: String
        }

        let errors: [Item]
    }
}
