/// What every Google API shares: the API key's header, the iOS app's header a restricted key is
/// checked against, and the error answer (AIP-193).
public enum GoogleAPI {
    /// The API key travels here only, never in a URL.
    public static let apiKeyHeader = "X-Goog-Api-Key"
    public static let iosBundleIdentifierHeader = "X-Ios-Bundle-Identifier"

    /// `{"error": {"code": 403, "message": "…", "status": "PERMISSION_DENIED", "details": [{"reason": "…"}]}}`.
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
            public var reason: String?
        }

        public var error: Status

        public init(code: Int, status: String, message: String, reasons: [String] = []) {
            error = Status(code: code, message: message, status: status, details: reasons.isEmpty ? nil : reasons.map { Detail(reason: $0) })
        }

        /// The first detail's reason.
        public var reason: String? { error.details?.lazy.compactMap(\.reason).first }
    }
}
