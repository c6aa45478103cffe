/// One row of the home screen's list: Toaster is an app for saving links.
public struct SavedLink: Sendable, Equatable {
    public let title: String
    public let url: String

    static func samples(_ language: Language) -> [SavedLink] {
        let titles: [String] = switch language {
        case .ko: ["강제 업데이트 Alert 구현하기", "SceneDelegate 생명주기 정리", "Universal Links 알아보기",
                   "Semantic Versioning 2.0.0", "읽을거리: Swift Concurrency"]
        case .en: ["Building a force-update alert", "The SceneDelegate lifecycle", "All about Universal Links",
                   "Semantic Versioning 2.0.0", "To read: Swift Concurrency"]
        case .ja: ["強制アップデートアラートの実装", "SceneDelegate のライフサイクル", "Universal Links を知る",
                   "Semantic Versioning 2.0.0", "あとで読む: Swift Concurrency"]
        }
        let urls = ["https://example.com/toaster/force-update", "https://example.com/toaster/scene-lifecycle",
                    "https://example.com/toaster/universal-links", "https://semver.org/",
                    "https://example.com/toaster/concurrency"]
        return zip(titles, urls).map(SavedLink.init)
    }
}
