/// The App Store lookup (`https://itunes.apple.com/lookup?id=…&country=…`, or the path form
/// `/{cc}/lookup?id=…`), served as JavaScript whatever it holds.
public enum AppStoreLookupAPI {
    public static let contentType = "text/javascript; charset=utf-8"
    /// The query form's path, `/lookup?…&country={cc}`.
    public static let path = "/lookup"

    /// The path form's, `/{cc}/lookup?…`, which is served from its own cache.
    public static func path(country: String) -> String { "/\(country)\(path)" }

    /// The query's items.
    public enum Query {
        public static let id = "id"
        public static let bundleID = "bundleId"
        public static let country = "country"
    }

    /// `{"resultCount": 1, "results": [{…}]}`; `resultCount: 0` and no results where the app is
    /// not sold.
    public struct Answer: Codable, Sendable, Equatable {
        public var resultCount: Int?
        public var results: [Result]

        public enum CodingKeys: String, CodingKey {
            case resultCount, results
        }

        public init(resultCount: Int?, results: [Result]) {
            (self.resultCount, self.results) = (resultCount, results)
        }
    }

    /// An app's entry, with the fields read on either side; the real one has many more.
    public struct Result: Codable, Sendable, Equatable {
        public static let software = "software"

        public var kind: String?
        public var trackId: Int?
        public var bundleId: String?
        public var trackName: String?
        public var trackViewUrl: String?
        public var version: String
        public var currentVersionReleaseDate: String?
        public var releaseNotes: String?
        public var minimumOsVersion: String?
        /// A string in the real answer.
        public var fileSizeBytes: String?

        public enum CodingKeys: String, CodingKey {
            case kind, trackId, bundleId, trackName, trackViewUrl, version, currentVersionReleaseDate, releaseNotes, minimumOsVersion, fileSizeBytes
        }

        public init(kind: String? = Result.software, trackId: Int?, bundleId: String?, trackName: String?, trackViewUrl: String?, version: String,
                    currentVersionReleaseDate: String?, releaseNotes: String?, minimumOsVersion: String?, fileSizeBytes: String?) {
            (self.kind, self.trackId, self.bundleId, self.trackName, self.trackViewUrl) = (kind, trackId, bundleId, trackName, trackViewUrl)
            (self.version, self.currentVersionReleaseDate, self.releaseNotes) = (version, currentVersionReleaseDate, releaseNotes)
            (self.minimumOsVersion, self.fileSizeBytes) = (minimumOsVersion, fileSizeBytes)
        }
    }
}
