/// Remote Config as apps and tools reach it: the fetch an app makes (the iOS SDK's
/// `RCNConfigFetch`, or the REST API's `namespaces/{namespace}:fetch`) and the template the REST
/// API reads with a service account's access token.
public enum RemoteConfigAPI {
    /// The fetch's header carrying an installation's auth token.
    public static let installationsAuthHeader = "X-Goog-Firebase-Installations-Auth"
    /// The SDK's header saying what started a fetch; `BASE/1` is an ordinary fetch.
    public static let fetchTypeHeader = "X-Firebase-RC-Fetch-Type"
    public static let baseFetchType = "BASE/1"

    /// The fetch a real-time announcement starts, its attempt counted from 1 (`REALTIME/2`:
    /// the second, after the first answered an older template).
    public static func realtimeFetchType(attempt: Int) -> String { "REALTIME/\(attempt)" }
    /// The namespace an app's own parameters are in.
    public static let appNamespace = "firebase"
    /// The OAuth 2.0 scope that reads and publishes templates.
    public static let scope = "https://www.googleapis.com/auth/firebase.remoteconfig"
    /// The scopes either of which opens the REST API's template read.
    public static let acceptedScopes = [scope, GoogleOAuth.cloudPlatformScope]
    /// The API's host name, which Google's errors name as their `service`.
    public static let service = "firebaseremoteconfig.googleapis.com"

    /// `POST {remote config}/v1/projects/{project}/namespaces/{namespace}:fetch`.
    public static func fetchPath(project: String, namespace: String = appNamespace) -> String {
        "/v1/projects/\(project)/namespaces/\(namespace):fetch"
    }

    /// `GET {remote config}/v1/projects/{project}/remoteConfig`: the template. Its body is read
    /// by the one reader of templates, ToasterCore's `RemoteConfigTemplate(reading:versionKeys:)`,
    /// through the keys of `RemoteConfigAPI.Template`: a template is a document every command
    /// and the server judge alike, not only a shape on the wire.
    public static func templatePath(project: String) -> String {
        "/v1/projects/\(project)/remoteConfig"
    }

    /// The fetch's body: the device and the installation. The iOS SDK writes it in snake_case
    /// (`RCNConfigSettings.m`, `-nextRequestWithUserProperties:`), the REST API in camelCase;
    /// Google reads either, and so does the decoding here (a field in snake_case first). Every
    /// field may be absent.
    public struct FetchRequest: Codable, Sendable, Equatable {
        public var appInstanceID: String?
        public var appInstanceIDToken: String?
        public var appID: String?
        public var countryCode: String?
        public var languageCode: String?
        public var platformVersion: String?
        public var timeZone: String?
        public var packageName: String?
        public var appVersion: String?
        public var appBuild: String?
        public var sdkVersion: String?
        /// ISO 8601.
        public var firstOpenTime: String?
        public var analyticsUserProperties: [String: String]?
        public var customSignals: [String: String]?

        public init(appInstanceID: String? = nil, appInstanceIDToken: String? = nil, appID: String? = nil, countryCode: String? = nil,
                    languageCode: String? = nil, platformVersion: String? = nil, timeZone: String? = nil, packageName: String? = nil,
                    appVersion: String? = nil, appBuild: String? = nil, sdkVersion: String? = nil, firstOpenTime: String? = nil,
                    analyticsUserProperties: [String: String]? = nil, customSignals: [String: String]? = nil) {
            (self.appInstanceID, self.appInstanceIDToken, self.appID, self.countryCode) = (appInstanceID, appInstanceIDToken, appID, countryCode)
            (self.languageCode, self.platformVersion, self.timeZone, self.packageName) = (languageCode, platformVersion, timeZone, packageName)
            (self.appVersion, self.appBuild, self.sdkVersion, self.firstOpenTime) = (appVersion, appBuild, sdkVersion, firstOpenTime)
            (self.analyticsUserProperties, self.customSignals) = (analyticsUserProperties, customSignals)
        }

        /// A field, by its snake_case name.
        public enum Field: String, CaseIterable, Sendable {
            case appInstanceID = "app_instance_id", appInstanceIDToken = "app_instance_id_token", appID = "app_id"
            case countryCode = "country_code", languageCode = "language_code", platformVersion = "platform_version"
            case timeZone = "time_zone", packageName = "package_name", appVersion = "app_version", appBuild = "app_build"
            case sdkVersion = "sdk_version", firstOpenTime = "first_open_time"
            case analyticsUserProperties = "analytics_user_properties", customSignals = "custom_signals"

            /// The REST API's spelling: `analytics_user_properties` → `analyticsUserProperties`.
            public var camelCase: String {
                rawValue.split(separator: "_").enumerated().map { index, word in
                    index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
                }.joined()
            }

            /// Whether it holds names to values (user properties, custom signals) rather than a text.
            public var holdsNames: Bool { self == .analyticsUserProperties || self == .customSignals }
        }

        /// A text field's value.
        public subscript(text field: Field) -> String? {
            get { Self.texts[field].map { self[keyPath: $0] } ?? nil }
            set { if let path = Self.texts[field] { self[keyPath: path] = newValue } }
        }

        /// A field of names to values.
        public subscript(names field: Field) -> [String: String]? {
            get { Self.names[field].map { self[keyPath: $0] } ?? nil }
            set { if let path = Self.names[field] { self[keyPath: path] = newValue } }
        }

        private static var texts: [Field: WritableKeyPath<FetchRequest, String?>] {
            [.appInstanceID: \.appInstanceID, .appInstanceIDToken: \.appInstanceIDToken, .appID: \.appID, .countryCode: \.countryCode,
             .languageCode: \.languageCode, .platformVersion: \.platformVersion, .timeZone: \.timeZone, .packageName: \.packageName,
             .appVersion: \.appVersion, .appBuild: \.appBuild, .sdkVersion: \.sdkVersion, .firstOpenTime: \.firstOpenTime]
        }

        private static var names: [Field: WritableKeyPath<FetchRequest, [String: String]?>] {
            [.analyticsUserProperties: \.analyticsUserProperties, .customSignals: \.customSignals]
        }

        /// The SDK's snake_case.
        public func encode(to encoder: any Encoder) throws {
            try encode(to: encoder, camelCase: false)
        }

        /// The same request in the REST API's camelCase.
        public var camelCased: some Encodable & Sendable { CamelCased(request: self) }

        private struct CamelCased: Encodable, Sendable {
            let request: FetchRequest
            func encode(to encoder: any Encoder) throws { try request.encode(to: encoder, camelCase: true) }
        }

        private func encode(to encoder: any Encoder, camelCase: Bool) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            for field in Field.allCases {
                let key = WireKey(camelCase ? field.camelCase : field.rawValue)
                if field.holdsNames { try container.encodeIfPresent(self[names: field], forKey: key) } else {
                    try container.encodeIfPresent(self[text: field], forKey: key)
                }
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            self.init()
            for field in Field.allCases {
                let key = [WireKey(field.rawValue), WireKey(field.camelCase)].first(where: container.contains) ?? WireKey(field.rawValue)
                if field.holdsNames { self[names: field] = try container.decodeIfPresent([String: String].self, forKey: key) } else {
                    self[text: field] = try container.decodeIfPresent(String.self, forKey: key)
                }
            }
        }
    }

    /// The fetch's answer: every value a string; `entries` absent in the NO_CHANGE, NO_TEMPLATE
    /// and EMPTY_CONFIG states.
    public struct FetchAnswer: Codable, Sendable, Equatable {
        public var entries: [String: String]?
        public var state: String?
        /// A string, as Firebase writes the template's version number; absent when the template
        /// has none.
        public var templateVersion: String?

        public enum CodingKeys: String, CodingKey {
            case entries, state, templateVersion
        }

        public init(entries: [String: String]?, state: State, templateVersion: String? = nil) {
            (self.entries, self.state, self.templateVersion) = (entries, state.rawValue, templateVersion)
        }
    }

    /// What a fetch answer's `state` says: `UPDATE`, `entries` holds the parameters;
    /// `NO_CHANGE`, the template has not changed since the ETag the app sent; `NO_TEMPLATE` and
    /// `EMPTY_CONFIG`, nothing for the app; `INSTANCE_STATE_UNSPECIFIED`, the server failed.
    public enum State: String, CaseIterable, Sendable {
        case update = "UPDATE", noChange = "NO_CHANGE", noTemplate = "NO_TEMPLATE", emptyConfig = "EMPTY_CONFIG"
        case unspecified = "INSTANCE_STATE_UNSPECIFIED"
    }
}
