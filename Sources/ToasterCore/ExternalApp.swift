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
