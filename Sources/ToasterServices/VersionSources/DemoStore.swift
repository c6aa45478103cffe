import ToasterCore

/// The built-in store of the Toaster app: it always answers, with the configured version.
public struct DemoStore: VersionSource {
    public let storeVersion: String
    public let minimumRequiredVersion: String?
    /// How long the store takes to answer, to show the app usable while a check runs.
    public let latencyMilliseconds: Int
    public let language: Language
    /// The store version's `currentVersionReleaseDate` and `minimumOsVersion`.
    public let releaseDate: String
    public let minimumOSVersion: String

    public init(storeVersion: String, minimumRequiredVersion: String? = nil, latencyMilliseconds: Int = 0,
                language: Language = .ko, releaseDate: String = "2026-11-20T00:00:00Z", minimumOSVersion: String = "15.0") {
        self.storeVersion = storeVersion
        self.minimumRequiredVersion = minimumRequiredVersion
        self.latencyMilliseconds = latencyMilliseconds
        self.language = language
        self.releaseDate = releaseDate
        self.minimumOSVersion = minimumOSVersion
    }

    public var name: String { "demo" }

    public func fetchAnswer() throws(SourceError) -> SourceAnswer {
        if latencyMilliseconds > 0 { MonotonicPace().sleep(for: .milliseconds(latencyMilliseconds)) }
        let strings = UIStrings.of(language)
        var answer = SourceAnswer(
            latestVersion: storeVersion,
            minimumRequiredVersion: minimumRequiredVersion,
            listing: StoreListing(appName: strings.appName, version: storeVersion, releaseNotes: strings.releaseNotes,
                                  releaseDate: releaseDate, minimumOSVersion: minimumOSVersion)
        )
        answer.minimumName = "--min-required-version"
        answer.latestName = "the demo store's --store-version"
        answer.storeVersion = storeVersion
        return answer
    }
}
