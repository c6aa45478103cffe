import ToasterCore

extension RemoteConfigPlace {
    /// Checks a place's key, its restriction, the app IDs and the keys the app reads: none
    /// empty, app IDs as Firebase writes them, a restriction only with a key to restrict.
    func validate(at place: String) throws(PolicyError) {
        if let apiKey, apiKey.isEmpty || apiKey.contains(where: \.isWhitespace) {
            throw PolicyError("\(place).apiKey: \(JSONValue.string(apiKey).serialized()) is not an API key (API_KEY in the app's GoogleService-Info.plist)")
        }
        if let allowedBundleIds {
            guard apiKey != nil else { throw PolicyError("\(place).allowedBundleIds restricts the API key: give remoteConfig.apiKey too") }
            guard !allowedBundleIds.isEmpty else {
                throw PolicyError("\(place).allowedBundleIds is empty: the key would open no app (leave it out for a key without restriction)")
            }
            for (index, bundleID) in allowedBundleIds.enumerated() where bundleID.trimmingWhitespace().isEmpty {
                throw PolicyError("\(place).allowedBundleIds[\(index)] is empty")
            }
        }
        if let appIds {
            guard !appIds.isEmpty else { throw PolicyError("\(place).appIds is empty: every app would be refused (leave it out to take any)") }
            for (index, appID) in appIds.enumerated() where !Self.isAppID(appID) {
                throw PolicyError("\(place).appIds[\(index)]: \(JSONValue.string(appID).serialized()) is not a Firebase app ID such as "
                    + "1:1234567890:ios:0a1b2c3d4e5f6789 (GOOGLE_APP_ID in the app's GoogleService-Info.plist)")
            }
        }
        let named = [("minKey", minKey), ("latestKey", latestKey), ("urlKey", urlKey)]
        for case let (field, key?) in named where key.isEmpty { throw PolicyError("\(place).\(field) is empty") }
        let read = [keys.minimumRequired, keys.latest, keys.storeURL]
        guard Set(read).count == read.count else {
            throw PolicyError("\(place): minKey, latestKey and urlKey name \(read.joined(separator: ", ")): each must be a parameter of its own")
        }
    }

    /// `1:PROJECT_NUMBER:PLATFORM:HEX`, as the console gives every app.
    static func isAppID(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0].allSatisfy(\.isASCIIDigit) && !parts[0].isEmpty && !parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)
            && !parts[2].isEmpty && parts[2].allSatisfy { $0.isASCII && $0.isLetter } && !parts[3].isEmpty && parts[3].allSatisfy(\.isHexDigit)
    }
}
