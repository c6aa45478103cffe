/// The JSON:API documents preflight reads from App Store Connect, as far as it reads them.
/// Decoding is strict about what it uses: a missing `data` or attribute is an error naming the
/// endpoint, not a silent default.
enum AppStoreConnectAnswers {
    struct Links: Decodable {
        let next: String?
        let related: String?
    }

    /// A document whose `data` is one resource or null (a to-one relationship with nothing at
    /// its end); a document without `data` is refused.
    struct One<Resource: Decodable>: Decodable {
        let data: Resource?

        enum CodingKeys: String, CodingKey { case data }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            data = try container.decodeNil(forKey: .data) ? nil : container.decode(Resource.self, forKey: .data)
        }
    }

    /// A page of a list, with the link to the next one.
    struct Page<Resource: Decodable>: Decodable {
        let data: [Resource]
        let links: Links?
    }

    struct Identified: Decodable {
        let id: String
    }

    struct Availability: Decodable {
        struct Relationships: Decodable {
            struct Related: Decodable { let links: Links? }
            let territoryAvailabilities: Related?
        }

        let id: String
        let relationships: Relationships?
    }

    struct TerritoryAvailability: Decodable {
        struct Attributes: Decodable { let available: Bool }
        struct Relationships: Decodable {
            struct Territory: Decodable { let data: Identified }
            let territory: Territory
        }

        let attributes: Attributes
        let relationships: Relationships
    }

    struct AppStoreVersion: Decodable {
        struct Attributes: Decodable {
            let platform: String?
            let versionString: String
            let appVersionState: String
            let releaseType: String?
            let earliestReleaseDate: String?
        }

        let id: String
        let attributes: Attributes
    }

    struct PhasedRelease: Decodable {
        struct Attributes: Decodable {
            let phasedReleaseState: String
            let currentDayNumber: Int?
            let startDate: String?
        }

        let attributes: Attributes
    }

    struct Build: Decodable {
        struct Attributes: Decodable { let minOsVersion: String? }
        let attributes: Attributes
    }
}
