import FoundationEssentials
import ToasterCore
import ToasterPolicy
import ToasterWire

/// The JSON bodies of the three services, made from a policy in the shapes the real ones answer
/// (`ToasterWire`), and the server's own short messages.
enum ServiceAnswers {
    /// A plausible size: the real answer always has one, as a string.
    static let fileSizeBytes = "52428800"

    static func lookup(_ app: AppPolicy?, release: StoreRelease?, country: String) -> AppStoreLookupAPI.Answer {
        guard let app, let release else { return AppStoreLookupAPI.Answer(resultCount: 0, results: []) }
        return AppStoreLookupAPI.Answer(resultCount: 1, results: [AppStoreLookupAPI.Result(
            trackId: app.trackId, bundleId: app.bundleId, trackName: app.name,
            trackViewUrl: "https://apps.apple.com/\(country)/app/id\(app.trackId)", version: release.version,
            currentVersionReleaseDate: release.releaseDate, releaseNotes: app.releaseNotes, minimumOsVersion: release.minimumOsVersion,
            fileSizeBytes: fileSizeBytes)])
    }

    /// Firebase answers without `entries` when there is no template for the app.
    static func remoteConfig(_ app: AppPolicy?) -> RemoteConfigAPI.FetchAnswer {
        guard let app else { return RemoteConfigAPI.FetchAnswer(entries: nil, state: .noTemplate) }
        let keys = app.remoteConfig?.keys ?? RemoteConfigKeys.default
        var entries = [keys.latest: app.version, keys.storeURL: app.storeURL]
        entries[keys.minimumRequired] = app.minRequiredVersion
        return RemoteConfigAPI.FetchAnswer(entries: entries, state: .update)
    }

    static func cms(_ forced: ForcedWindow) -> CMSAPI.ForceUpdate {
        CMSAPI.ForceUpdate(createdAt: forced.startDate, updatedAt: forced.startDate, publishedAt: forced.startDate,
                           revisedAt: forced.startDate, title: forced.title, message: forced.message,
                           startDate: forced.startDate, endDate: forced.endDate, minAppVersion: forced.minAppVersion,
                           maxAppVersion: forced.maxAppVersion, buttonTitle: forced.buttonTitle, url: forced.url)
    }

    struct Message: Encodable {
        let message: String
    }

    /// A `PUT` refused for the storefronts its policy strands (409): the sentence, and each
    /// finding with its app's JSON path.
    struct DeadEnds: Encodable {
        let message: String
        let findings: [String]
    }
}
