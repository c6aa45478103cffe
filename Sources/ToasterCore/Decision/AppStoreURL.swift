/// The App Store address of an app, as the update button opens it: `itms-apps:` opens the App
/// Store app itself rather than the web page of the lookup's `trackViewUrl`. toastercli's
/// default update URL and toaster-server's Remote Config answers both come from here.
public enum AppStoreURL {
    public static func forApp(id: String) -> String { "itms-apps://itunes.apple.com/app/id\(id)" }
}
