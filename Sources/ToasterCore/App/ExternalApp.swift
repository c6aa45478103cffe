/// The app `UIApplication.open(_:)` switched to.
public enum ExternalApp: Sendable, Equatable {
    case appStore(StorePage)
    /// `reason`: why a universal link opened here instead of in the app.
    case browser(url: String, reason: String? = nil)

    /// `itms-apps:` links and apps.apple.com / itunes.apple.com pages open the App Store; its
    /// page offers an update only when the listing is newer than `installedVersion`.
    public static func opening(_ url: String, listing: StoreListing?, installedVersion: String? = nil) -> ExternalApp {
        let lowered = url.lowercased()
        let storeHosts = ["://apps.apple.com", "://itunes.apple.com"]
        let isStore = lowered.hasPrefix("itms-apps:") || lowered.hasPrefix("itms-appss:")
            || storeHosts.contains { lowered.hasPrefix("https" + $0) || lowered.hasPrefix("http" + $0) }
        guard isStore else { return .browser(url: url) }
        var page = StorePage(url: url, listing: listing)
        if let listing, let installedVersion, let listed = try? Version(listing.version), let installed = try? Version(installedVersion) {
            page.offersUpdate = installed < listed
        }
        return .appStore(page)
    }
}

/// The simulated App Store page of the app, with the install progress once started.
public struct StorePage: Sendable, Equatable {
    public var url: String
    public var listing: StoreListing?
    /// Percent installed, nil until the install button is pressed.
    public var installProgress: Int?
    /// False when the store has nothing newer than the installed app: the button reads Open
    /// (열기) and opens the app, as the real App Store does while its CDN lags a release.
    public var offersUpdate = true

    public init(url: String, listing: StoreListing?, installProgress: Int? = nil) {
        self.url = url
        self.listing = listing
        self.installProgress = installProgress
    }
}

/// What the store says about its current version, for the simulated App Store screen.
public struct StoreListing: Sendable, Equatable {
    /// The name the source gives (a lookup's `trackName`); nil when it gives none, and the page
    /// shows the app's name in the UI's language.
    public var appName: String?
    public var version: String
    public var releaseNotes: String?
    public var releaseDate: String?
    public var minimumOSVersion: String?

    public init(appName: String?, version: String, releaseNotes: String? = nil,
                releaseDate: String? = nil, minimumOSVersion: String? = nil) {
        self.appName = appName
        self.version = version
        self.releaseNotes = releaseNotes
        self.releaseDate = releaseDate
        self.minimumOSVersion = minimumOSVersion
    }
}
