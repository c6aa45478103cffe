/// The app `UIApplication.open(_:)` switched to.
public enum ExternalApp: Sendable, Equatable {
    case appStore(StorePage)
    /// `reason`: why a universal link opened here instead of in the app.
    case browser(url: String, reason: String? = nil)

    /// `itms-apps:` links and apps.apple.com / itunes.apple.com pages open the App Store.
    public static func opening(_ url: String, listing: StoreListing?) -> ExternalApp {
        let lowered = url.lowercased()
        let storeHosts = ["://apps.apple.com", "://itunes.apple.com"]
        let isStore = lowered.hasPrefix("itms-apps:") || lowered.hasPrefix("itms-appss:")
            || storeHosts.contains { lowered.hasPrefix("https" + $0) || lowered.hasPrefix("http" + $0) }
        return isStore ? .appStore(StorePage(url: url, listing: listing)) : .browser(url: url)
    }
}

/// The simulated App Store page of the app, with the install progress once started.
public struct StorePage: Sendable, Equatable {
    public var url: String
    public var listing: StoreListing?
    /// Percent installed, nil until the install button is pressed.
    public var installProgress: Int?

    public init(url: String, listing: StoreListing?, installProgress: Int? = nil) {
        self.url = url
        self.listing = listing
        self.installProgress = installProgress
    }
}

/// What the store says about its current version, for the simulated App Store screen.
public struct StoreListing: Sendable, Equatable {
    public var appName: String
    public var version: String
    public var releaseNotes: String?
    public var releaseDate: String?
    public var minimumOSVersion: String?

    public init(appName: String, version: String, releaseNotes: String? = nil,
                releaseDate: String? = nil, minimumOSVersion: String? = nil) {
        self.appName = appName
        self.version = version
        self.releaseNotes = releaseNotes
        self.releaseDate = releaseDate
        self.minimumOSVersion = minimumOSVersion
    }
}
