import ToasterCore

/// The built-in store of the Toaster app: it always answers, with the configured version.
public struct DemoStore: VersionSource {
    public static let appName = "토스터"
    public static let releaseNotes = """
        • 링크 제목을 바로 고칠 수 있어요
        • 리마인드 알림 시간을 정할 수 있어요
        • 작은 버그를 고쳤어요
        """

    public let storeVersion: String
    public let minimumRequiredVersion: String?
    /// How long the store takes to answer, to show the app usable while a check runs.
    public let latencyMilliseconds: Int

    public init(storeVersion: String, minimumRequiredVersion: String? = nil, latencyMilliseconds: Int = 0) {
        self.storeVersion = storeVersion
        self.minimumRequiredVersion = minimumRequiredVersion
        self.latencyMilliseconds = latencyMilliseconds
    }

    public var name: String { "demo" }

    public func fetchPolicy() async throws(SourceError) -> UpdatePolicy {
        if latencyMilliseconds > 0 { try? await Task.sleep(for: .milliseconds(latencyMilliseconds)) }
        return UpdatePolicy(
            latestVersion: storeVersion,
            minimumRequiredVersion: minimumRequiredVersion,
            listing: StoreListing(appName: Self.appName, version: storeVersion, releaseNotes: Self.releaseNotes,
                                  releaseDate: "2026-11-20", minimumOSVersion: "15.0")
        )
    }
}
