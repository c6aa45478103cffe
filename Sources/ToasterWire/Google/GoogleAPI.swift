/// What every Google API shares: the API key (its header, or the `?key=` the SDKs put in the
/// URL), the iOS app's header a key restricted to iOS apps is checked against, and the error
/// answer (AIP-193) with its canonical statuses, its reasons and Google's own words for the
/// refusals a local Firebase rehearses.
public enum GoogleAPI {
    /// The API key travels here only, never in a URL, when toastercli sends it.
    public static let apiKeyHeader = "X-Goog-Api-Key"
    /// Where the iOS and web SDKs put the key instead: `…:fetch?key=AIza…`.
    public static let apiKeyQueryItem = "key"
    public static let iosBundleIdentifierHeader = "X-Ios-Bundle-Identifier"
    /// The web SDKs' heartbeat, which a browser asks leave to send.
    public static let firebaseClientHeader = "X-Firebase-Client"

    /// The canonical codes (`google.rpc.Code`) an answer's `error.status` names, each with the
    /// HTTP status Google gives it.
    public enum Status: String, Sendable, CaseIterable {
        case invalidArgument = "INVALID_ARGUMENT", unauthenticated = "UNAUTHENTICATED", permissionDenied = "PERMISSION_DENIED"
        case notFound = "NOT_FOUND", resourceExhausted = "RESOURCE_EXHAUSTED", `internal` = "INTERNAL", unavailable = "UNAVAILABLE"
        case deadlineExceeded = "DEADLINE_EXCEEDED"

        public var httpStatus: Int {
            switch self {
            case .invalidArgument: 400
            case .unauthenticated: 401
            case .permissionDenied: 403
            case .notFound: 404
            case .resourceExhausted: 429
            case .internal: 500
            case .unavailable: 503
            case .deadlineExceeded: 504
            }
        }
    }

    /// `details[].reason` of a `google.rpc.ErrorInfo`: why Google refused, in one word.
    public enum Reason: String, Sendable, CaseIterable {
        /// 400: the key is no key of any project.
        case apiKeyInvalid = "API_KEY_INVALID"
        /// 403: the key is restricted to iOS apps, and the request's bundle ID is none of them.
        case apiKeyIOSAppBlocked = "API_KEY_IOS_APP_BLOCKED"
        /// 403: the API is not enabled for the key's project.
        case serviceDisabled = "SERVICE_DISABLED"
    }

    /// Google's words for the refusals toaster-server rehearses, as its APIs write them (and as
    /// toastercli recognises them where an answer has no reason).
    public enum Words {
        public static let apiKeyInvalid = "API key not valid. Please pass a valid API key."
        public static let apiKeyMissing = "The request is missing a valid API key."
        /// What Firebase Installations says of an app ID that is no app of the project.
        public static let invalidArgument = "Request contains an invalid argument."
        /// `<empty>` when the request names no bundle ID.
        public static func iosAppBlocked(bundleID: String?) -> String {
            "Requests from this iOS client application \(bundleID.flatMap { $0.isEmpty ? nil : $0 } ?? "<empty>") are blocked."
        }
    }

    /// `{"error": {"code": 403, "message": "…", "status": "PERMISSION_DENIED", "details": [{"@type": "…ErrorInfo", "reason": "…", "domain": "googleapis.com", "metadata": {"service": "…"}}]}}`.
    public struct ErrorAnswer: Codable, Sendable, Equatable {
        public struct Status: Codable, Sendable, Equatable {
            public var code: Int?
            public var message: String
            public var status: String?
            public var details: [Detail]?
        }

        /// One of the error's details; only `google.rpc.ErrorInfo` has a reason
        /// (`API_KEY_INVALID`, `SERVICE_DISABLED`, …).
        public struct Detail: Codable, Sendable, Equatable {
            public static let errorInfo = "type.googleapis.com/google.rpc.ErrorInfo"
            public static let googleAPIs = "googleapis.com"

            public var type: String?
            public var reason: String?
            public var domain: String?
            /// `service`: the API's host name, `firebaseinstallations.googleapis.com`.
            public var metadata: [String: String]?

            public enum CodingKeys: String, CodingKey {
                case type = "@type", reason, domain, metadata
            }

            /// An `ErrorInfo` as Google writes one.
            public init(reason: Reason, service: String) {
                (type, self.reason, domain, metadata) = (Self.errorInfo, reason.rawValue, Self.googleAPIs, [Self.serviceKey: service])
            }

            static let serviceKey = "service"
        }

        public var error: Status

        /// `service` names the API in the reason's metadata, as Google does.
        public init(_ status: GoogleAPI.Status, message: String, reason: Reason? = nil, service: String = "") {
            error = Status(code: status.httpStatus, message: message, status: status.rawValue,
                           details: reason.map { [Detail(reason: $0, service: service)] })
        }

        /// The first detail's reason.
        public var reason: String? { error.details?.lazy.compactMap(\.reason).first }
    }
}
