/// The CMS force-update object of the reference app, as microCMS serves it (`GET {url}` with
/// the API key in a header).
public enum CMSAPI {
    public static let apiKeyHeader = "X-MICROCMS-API-KEY"

    /// `/api/v1/{endpoint}`: an object by its API's endpoint name.
    public static func path(endpoint: String) -> String { "/api/v1/\(endpoint)" }

    /// Every field may be absent or null; dates are ISO 8601, with or without fractional seconds.
    public struct ForceUpdate: Codable, Sendable, Equatable {
        public var createdAt: String?
        public var updatedAt: String?
        public var publishedAt: String?
        public var revisedAt: String?
        public var title: String?
        public var message: String?
        public var startDate: String?
        public var endDate: String?
        public var minAppVersion: String?
        public var maxAppVersion: String?
        public var buttonTitle: String?
        public var url: String?

        public enum CodingKeys: String, CodingKey {
            case createdAt, updatedAt, publishedAt, revisedAt, title, message, startDate, endDate, minAppVersion, maxAppVersion, buttonTitle, url
        }

        /// The keys of the reference app's own object (microCMS adds its dates).
        public static let appKeys: [CodingKeys] = [.title, .message, .startDate, .endDate, .minAppVersion, .maxAppVersion, .buttonTitle, .url]

        public init(createdAt: String?, updatedAt: String?, publishedAt: String?, revisedAt: String?, title: String?, message: String?,
                    startDate: String?, endDate: String?, minAppVersion: String?, maxAppVersion: String?, buttonTitle: String?, url: String?) {
            (self.createdAt, self.updatedAt, self.publishedAt, self.revisedAt) = (createdAt, updatedAt, publishedAt, revisedAt)
            (self.title, self.message, self.startDate, self.endDate) = (title, message, startDate, endDate)
            (self.minAppVersion, self.maxAppVersion, self.buttonTitle, self.url) = (minAppVersion, maxAppVersion, buttonTitle, url)
        }
    }
}
