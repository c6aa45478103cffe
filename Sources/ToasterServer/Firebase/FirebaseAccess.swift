import ToasterPolicy
import ToasterWire

/// A Firebase project's API keys and apps as the policy names them (`remoteConfig.apiKey`,
/// `allowedBundleIds`, `appIds`), checked as Google checks them, with Google's answers: a
/// request without a key or with another is refused, and so is one from an iOS app the key
/// is not restricted to, or naming an app the project does not have. A project whose policy
/// names neither takes any key and any app.
struct FirebaseAccess: Sendable {
    typealias Words = GoogleAPI.Words

    /// Each key, with the bundle IDs it is restricted to (none: no restriction).
    private var keys: [String: Set<String>] = [:]
    /// nil: any app.
    private var appIDs: Set<String>?

    /// A project's, from every place of it in the policy.
    init(_ places: [RemoteConfigPlace]) {
        for place in places {
            if let key = place.apiKey { keys[key] = Set(place.allowedBundleIds ?? []) }
            if let apps = place.appIds { appIDs = (appIDs ?? []).union(apps) }
        }
    }

    /// Google's refusal of the request's key, or nil: 403 without one, 400 `API_KEY_INVALID`
    /// for another, 403 `API_KEY_IOS_APP_BLOCKED` from a bundle the key is not restricted to
    /// (`X-Ios-Bundle-Identifier`, which only the iOS SDK sends). `service`: the API's host name.
    func keyRefusal(apiKey: String?, bundleID: String?, service: String) -> GoogleAPI.ErrorAnswer? {
        guard !keys.isEmpty else { return nil }
        guard let apiKey, !apiKey.isEmpty else { return GoogleAPI.ErrorAnswer(.permissionDenied, message: Words.apiKeyMissing) }
        guard let allowed = keys[apiKey] else {
            return GoogleAPI.ErrorAnswer(.invalidArgument, message: Words.apiKeyInvalid, reason: .apiKeyInvalid, service: service)
        }
        guard allowed.isEmpty || bundleID.map(allowed.contains) == true else {
            return GoogleAPI.ErrorAnswer(.permissionDenied, message: Words.iosAppBlocked(bundleID: bundleID), reason: .apiKeyIOSAppBlocked,
                                         service: service)
        }
        return nil
    }

    /// Google's refusal of an app the project does not have, or nil.
    func appRefusal(appID: String?) -> GoogleAPI.ErrorAnswer? {
        guard let appIDs, !(appID.map(appIDs.contains) ?? false) else { return nil }
        return GoogleAPI.ErrorAnswer(.invalidArgument, message: Words.invalidArgument)
    }
}

extension ServedPolicy {
    /// The keys and apps `project` takes: any, unless the policy names them.
    func access(project: String) -> FirebaseAccess { FirebaseAccess(remoteConfigPlaces(project: project)) }
}
