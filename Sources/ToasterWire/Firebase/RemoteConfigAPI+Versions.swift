/// Remote Config's template history as the REST API publishes, lists and rolls it back
/// (firebase.google.com/docs/reference/remote-config/rest/v1/projects.remoteConfig, and the
/// requests of firebase-admin-node's `src/remote-config/remote-config-api-client-internal.ts`
/// and of the `firebase` CLI): every publish is a numbered `Version`, kept and listed newest first.
extension RemoteConfigAPI {
    /// `GET …/remoteConfig:listVersions`.
    public static func listVersionsPath(project: String) -> String { templatePath(project: project) + ":listVersions" }
    /// `POST …/remoteConfig:rollback`.
    public static func rollbackPath(project: String) -> String { templatePath(project: project) + ":rollback" }

    /// `PUT …/remoteConfig?validate_only=true`: validate, publish nothing.
    public static let validateOnlyQueryItem = "validate_only"
    /// The version a `GET …/remoteConfig` reads, and the one the CLI's rollback names in the query.
    public static let versionNumberQueryItem = "versionNumber"
    /// `If-Match: *`: publish whatever the current version is.
    public static let anyETag = "*"
    /// A validation's answer carries the template's ETag with this ending.
    public static let validatedETagSuffix = "-0"
    /// Google's sentence of a stale `If-Match` starts so, answered 400 `INVALID_ARGUMENT`
    /// (firebase-remote-config, a client of the API, tells it from other refusals by this word).
    public static let versionMismatchWord = "[VERSION_MISMATCH]"

    /// The ETag of `project`'s template at `version`, as Google writes one (`etag-PROJECT-N`);
    /// a validation's is `etag-PROJECT-0`.
    public static func eTag(project: String, version: Int64) -> String { "etag-\(project)-\(version)" }

    /// The version an ETag of `eTag(project:version:)`'s form names; nil for another.
    public static func version(eTag: String, project: String) -> Int64? {
        let prefix = "etag-\(project)-"
        guard eTag.hasPrefix(prefix) else { return nil }
        return Int64(eTag.dropFirst(prefix.count))
    }

    /// `listVersions`' query: `pageSize` (1–300), `pageToken` (the last page's
    /// `nextPageToken`), `endVersionNumber` (the newest listed), `startTime` and `endTime`
    /// (RFC 3339; `endTime` not included).
    public enum ListVersionsQuery: String, CaseIterable, Sendable {
        case pageSize, pageToken, endVersionNumber, startTime, endTime
    }

    /// How many versions Firebase keeps per project, and the largest page.
    public static let keptVersions = 300

    /// Who published a version, as the `Version` resource's `updateOrigin` says.
    public enum UpdateOrigin: String, CaseIterable, Sendable {
        case unspecified = "REMOTE_CONFIG_UPDATE_ORIGIN_UNSPECIFIED", console = "CONSOLE", restAPI = "REST_API"
        case adminSDKNode = "ADMIN_SDK_NODE"
    }

    /// How a version came to be: over the ETag read, forced over any (`If-Match: *`), or a rollback.
    public enum UpdateType: String, CaseIterable, Sendable {
        case unspecified = "REMOTE_CONFIG_UPDATE_TYPE_UNSPECIFIED", incremental = "INCREMENTAL_UPDATE", forced = "FORCED_UPDATE"
        case rollback = "ROLLBACK"
    }

    /// The Admin SDK for Node's `X-Firebase-Client` starts so: its publishes are `ADMIN_SDK_NODE`'s.
    public static let adminSDKNodeClient = "fire-admin-node/"

    /// The `Version` resource: a template's `version`, every field output-only but `description`.
    public struct Version: Codable, Sendable, Equatable {
        public var versionNumber: String?
        /// RFC 3339, UTC.
        public var updateTime: String?
        public var updateUser: User?
        public var description: String?
        public var updateOrigin: String?
        public var updateType: String?
        /// The version a rollback restored.
        public var rollbackSource: String?
        public var isLegacy: Bool?

        public struct User: Codable, Sendable, Equatable {
            public var email: String?
            public var name: String?
            public var imageUrl: String?

            public init(email: String?, name: String? = nil, imageUrl: String? = nil) {
                (self.email, self.name, self.imageUrl) = (email, name, imageUrl)
            }
        }

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case versionNumber, updateTime, updateUser, description, updateOrigin, updateType, rollbackSource, isLegacy
        }

        public init(versionNumber: String?, updateTime: String? = nil, updateUser: User? = nil, description: String? = nil,
                    updateOrigin: UpdateOrigin? = nil, updateType: UpdateType? = nil, rollbackSource: String? = nil) {
            (self.versionNumber, self.updateTime, self.updateUser, self.description) = (versionNumber, updateTime, updateUser, description)
            (self.updateOrigin, self.updateType, self.rollbackSource) = (updateOrigin?.rawValue, updateType?.rawValue, rollbackSource)
        }
    }

    /// `listVersions`' answer: a page of versions, newest first, and the token of the next
    /// page when there is one.
    public struct ListVersionsResult: Codable, Sendable, Equatable {
        public var versions: [Version]?
        public var nextPageToken: String?

        public init(versions: [Version], nextPageToken: String?) {
            (self.versions, self.nextPageToken) = (versions, nextPageToken)
        }
    }

    /// `rollback`'s body as the Admin SDKs send it: `{"versionNumber": "N"}` (an int64 in
    /// JSON, so a number is read too).
    public struct RollbackRequest: Codable, Sendable, Equatable {
        public var versionNumber: String

        public enum CodingKeys: String, CodingKey {
            case versionNumber
        }

        public init(versionNumber: String) { self.versionNumber = versionNumber }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let number = try? container.decode(Int64.self, forKey: .versionNumber) {
                versionNumber = String(number)
            } else {
                versionNumber = try container.decode(String.self, forKey: .versionNumber)
            }
        }
    }
}

extension RemoteConfigAPI {
    /// Google's sentence of a stale `If-Match`.
    public static func versionMismatch(expected: Int64, current: Int64) -> String {
        "\(versionMismatchWord): Expected version \(expected), found \(current): the template changed since its ETag was read; "
            + "GET it again and reapply the change"
    }
}
