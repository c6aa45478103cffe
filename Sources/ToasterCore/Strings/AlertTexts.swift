/// The alert texts and button titles: Korean exactly as the seed has them, with English and
/// Japanese translations.
public enum AlertTexts {
    public static func later(_ language: Language) -> String {
        switch language {
        case .ko: "다음에"
        case .en: "Later"
        case .ja: "あとで"
        }
    }

    public static func skip(_ language: Language) -> String {
        switch language {
        case .ko: "이 버전 건너뛰기"
        case .en: "Skip This Version"
        case .ja: "このバージョンをスキップ"
        }
    }

    public static func update(_ language: Language) -> String {
        switch language {
        case .ko: "업데이트"
        case .en: "Update"
        case .ja: "アップデート"
        }
    }

    public static func title(_ type: AlertType, _ language: Language) -> String {
        switch (type, language) {
        case (.forceUpdate, .ko): "신규 기능 업데이트 알림"
        case (.noticeFeatUpdate, .ko): "기능 업데이트 알림"
        case (.noticeUpdate, .ko): "업데이트 알림"
        case (.forceUpdate, .en): "New Feature Update"
        case (.noticeFeatUpdate, .en): "Feature Update"
        case (.noticeUpdate, .en): "Update Available"
        case (.forceUpdate, .ja): "新機能アップデートのお知らせ"
        case (.noticeFeatUpdate, .ja): "機能アップデートのお知らせ"
        case (.noticeUpdate, .ja): "アップデートのお知らせ"
        }
    }

    public static func message(_ type: AlertType, _ language: Language) -> String {
        switch (type, language) {
        case (.forceUpdate, .ko): "토스터의 새로운 기능을 이용하기 위해서는\n업데이트가 필요해요!\n최신 버전으로 업데이트 하시겠어요?"
        case (.noticeFeatUpdate, .ko): "토스터의 기능이 추가되었어요!\n지금 바로 업데이트해보세요"
        case (.noticeUpdate, .ko): "토스터의 사용성이 개선되었어요!\n지금 바로 업데이트해보세요"
        case (.forceUpdate, .en): "To use Toaster's new features,\nyou need to update.\nUpdate to the latest version now?"
        case (.noticeFeatUpdate, .en): "New features have been added to Toaster!\nUpdate now to try them"
        case (.noticeUpdate, .en): "Toaster got easier to use!\nUpdate now to try it"
        case (.forceUpdate, .ja): "トースターの新しい機能を使うには\nアップデートが必要です。\n最新バージョンにアップデートしますか？"
        case (.noticeFeatUpdate, .ja): "トースターに機能が追加されました！\n今すぐアップデートしてみましょう"
        case (.noticeUpdate, .ja): "トースターが使いやすくなりました！\n今すぐアップデートしてみましょう"
        }
    }
}

/// Alert texts a service supplies (the CMS object's `title`, `message`, `buttonTitle`).
public struct AlertTextOverride: Sendable, Equatable {
    public var title: String?
    public var message: String?
    public var buttonTitle: String?

    public init(title: String? = nil, message: String? = nil, buttonTitle: String? = nil) {
        self.title = title
        self.message = message
        self.buttonTitle = buttonTitle
    }
}
