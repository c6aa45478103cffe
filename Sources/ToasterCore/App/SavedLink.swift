/// One row of the home screen's list: Toaster is an app for saving links.
public struct SavedLink: Sendable, Equatable {
    public let title: String
    public let url: String

    static let sampleURLs = ["https://example.com/toaster/force-update", "https://example.com/toaster/scene-lifecycle",
                             "https://example.com/toaster/universal-links", "https://semver.org/",
                             "https://example.com/toaster/concurrency"]

    static func samples(_ language: Language) -> [SavedLink] {
        zip(UIStrings.of(language).sampleLinkTitles, sampleURLs).map(SavedLink.init)
    }
}
