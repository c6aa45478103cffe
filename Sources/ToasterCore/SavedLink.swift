/// One row of the home screen's list: Toaster is an app for saving links.
public struct SavedLink: Sendable, Equatable {
    public let title: String
    public let url: String

    public static let samples = [
        SavedLink(title: "강제 업데이트 Alert 구현하기", url: "https://example.com/toaster/force-update"),
        SavedLink(title: "SceneDelegate 생명주기 정리", url: "https://example.com/toaster/scene-lifecycle"),
        SavedLink(title: "Universal Links 알아보기", url: "https://example.com/toaster/universal-links"),
        SavedLink(title: "Semantic Versioning 2.0.0", url: "https://semver.org/"),
        SavedLink(title: "읽을거리: Swift Concurrency", url: "https://example.com/toaster/concurrency"),
    ]
}
