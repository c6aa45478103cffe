/// Remote Config's real-time stream as the SDKs open it (firebase-ios-sdk
/// `RCNConfigRealtime.m`, firebase-js-sdk `realtime_handler.ts`): `POST …:streamFetchInvalidations`
/// held open, the server writing one flat JSON object whenever the template changes.
public enum RemoteConfigRealtimeAPI {
    /// The API's host name (a third host, beside the fetch's and Installations').
    public static let service = "firebaseremoteconfigrealtime.googleapis.com"
    /// What ends the stream's path, after the namespace.
    public static let streamMethod = ":streamFetchInvalidations"
    /// Sent by the iOS SDK (`true`): Google's front end may retry the request elsewhere.
    public static let canRetryHeader = "X-Google-GFE-Can-Retry"

    /// `POST {realtime}/v1/projects/{project}/namespaces/{namespace}:streamFetchInvalidations`,
    /// `project` the project *number* from the iOS SDK (`GCMSenderID`), the ID from the web SDK.
    public static func streamPath(project: String, namespace: String = RemoteConfigAPI.appNamespace) -> String {
        "/v1/projects/\(project)/namespaces/\(namespace)\(streamMethod)"
    }

    /// The project number in a Firebase app ID, `1:NUMBER:ios:HASH` (the SDKs' `GCMSenderID`);
    /// nil when the ID is not of that form.
    public static func projectNumber(appID: String) -> String? {
        let parts = appID.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let number = parts.dropFirst().first, !number.isEmpty,
              number.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return String(number)
    }

    /// The stream's request body. The iOS SDK writes it gzipped in its own quoting
    /// (`{project:'…', namespace:'…', lastKnownVersionNumber:'…', appId:'…', sdkVersion:'…',
    /// appInstanceId:'…'}`), the web SDK as JSON (labelled gzip, sent plain), leaving
    /// `lastKnownVersionNumber` out before any template was activated. Every field may be absent.
    public struct StreamRequest: Codable, Sendable, Equatable {
        public var project: String?
        public var namespace: String?
        /// The template version the app last fetched, a number as a text.
        public var lastKnownVersionNumber: String?
        public var appID: String?
        public var sdkVersion: String?
        /// The installation's ID (FID).
        public var appInstanceID: String?

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case project, namespace, lastKnownVersionNumber, appID = "appId", sdkVersion, appInstanceID = "appInstanceId"
        }

        public init(project: String?, namespace: String?, lastKnownVersionNumber: String?, appID: String?, sdkVersion: String?,
                    appInstanceID: String?) {
            (self.project, self.namespace, self.lastKnownVersionNumber) = (project, namespace, lastKnownVersionNumber)
            (self.appID, self.sdkVersion, self.appInstanceID) = (appID, sdkVersion, appInstanceID)
        }
    }

    /// One message on the stream: a flat object, for both SDKs take the text from its first `{`
    /// to the next `}` as one message. Only the fields present are written: the iOS SDK reads
    /// `featureDisabled`'s mere presence as true.
    public struct Message: Codable, Sendable, Equatable {
        /// The template's version now, a number as a text: the app fetches when it is above its own.
        public var latestTemplateVersionNumber: String?
        /// Reopen the stream after this many seconds, without counting a failure.
        public var retryIntervalSeconds: Int?
        /// Real time is off for the project: the app stops listening.
        public var featureDisabled: Bool?

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latestTemplateVersionNumber, retryIntervalSeconds, featureDisabled
        }

        public init(latestTemplateVersionNumber: String? = nil, retryIntervalSeconds: Int? = nil, featureDisabled: Bool? = nil) {
            (self.latestTemplateVersionNumber, self.retryIntervalSeconds, self.featureDisabled) =
                (latestTemplateVersionNumber, retryIntervalSeconds, featureDisabled)
        }

        /// The iOS SDK reads an integer (`integerValue`) from a text or a number alike.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latestTemplateVersionNumber = try Self.number(container, .latestTemplateVersionNumber)
            retryIntervalSeconds = try Self.number(container, .retryIntervalSeconds).map { Int($0) ?? 0 }
            featureDisabled = try container.decodeIfPresent(Bool.self, forKey: .featureDisabled)
        }

        private static func number(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String? {
            if let text = try? container.decodeIfPresent(String.self, forKey: key) { return text }
            return try container.decodeIfPresent(Int64.self, forKey: key).map(String.init)
        }
    }
}
