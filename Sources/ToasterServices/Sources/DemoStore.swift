import ToasterCore

/// The built-in store of the Toaster app: it always answers, with the configured version.
public struct DemoStore: VersionSource {
    static func appName(_ language: Language) -> String {
        switch language {
        case .ko: "토스터"
        case .en: "Toaster"
        case .ja: "トースター"
        }
    }

    static func releaseNotes(_ language: Language) -> String {
        switch language {
        case .ko: "• 링크 제목을 바로 고칠 수 있어요\n• 리마인드 알림 시간을 정할 수 있어요\n• 작은 버그를 고쳤어요"
        case .en: "• Edit a link's title in place\n• Choose when reminders arrive\n• Small bug fixes"
        case .ja: "• リンクのタイトルをその場で編集できます\n• リマインド通知の時刻を選べます\n• 小さなバグを修正しました"
        }
    }

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

    public func fetchPolicy() throws(SourceError) -> UpdatePolicy {
        if latencyMilliseconds > 0 { MonotonicPace().sleep(for: .milliseconds(latencyMilliseconds)) }
        return UpdatePolicy(
            latestVersion: storeVersion,
            minimumRequiredVersion: minimumRequiredVersion,
            listing: StoreListing(appName: Self.appName(language), version: storeVersion, releaseNotes: Self.releaseNotes(language),
                                  releaseDate: releaseDate, minimumOSVersion: minimumOSVersion)
        )
    }
}
