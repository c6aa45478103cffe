/// What an update alert shows: type, texts and buttons in the order the reference app adds them.
public struct AlertModel: Sendable, Equatable {
    public let type: AlertType
    public let title: String
    public let message: String
    public let buttons: [AlertButton]

    /// The reference app's alert for `type` in `language`; a payload's texts (CMS) replace the defaults
    /// where given. A `skippable` optional alert has Siren's skip alert's three actions, in the
    /// order Siren adds them: `업데이트`, `다음에`, `이 버전 건너뛰기`.
    public init(type: AlertType, language: Language = .ko, texts: AlertTextOverride? = nil, skippable: Bool = false) {
        self.type = type
        let strings = UIStrings.of(language)
        title = texts?.title.nonEmpty ?? strings.title(type)
        message = texts?.message.nonEmpty ?? strings.message(type)
        let update = AlertButton(role: .update, title: texts?.buttonTitle.nonEmpty ?? strings.updateButton)
        let later = AlertButton(role: .later, title: strings.laterButton)
        let skip = AlertButton(role: .skip, title: strings.skipButton)
        buttons = type.isForced ? [update] : skippable ? [update, later, skip] : [later, update]
    }

    public var buttonTitles: [String] { buttons.map(\.title) }
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

extension Optional where Wrapped == String {
    fileprivate var nonEmpty: String? {
        guard let self, !self.trimmingWhitespace().isEmpty else { return nil }
        return self
    }
}

/// One action of an alert, like a `UIAlertAction`.
public struct AlertButton: Sendable, Equatable {
    public enum Role: String, Sendable {
        /// Dismisses an optional alert (`다음에`).
        case later
        /// Dismisses an optional alert and never offers this store version again.
        case skip
        /// Opens the update URL (`업데이트`).
        case update
    }

    public let role: Role
    public let title: String
}

/// The three alerts of the reference app, named as its `UpdateAlertType` enum names them.
public enum AlertType: String, Sendable, Codable, CaseIterable {
    case forceUpdate = "ForceUpdate"
    case noticeFeatUpdate = "NoticeFeatUpdate"
    case noticeUpdate = "NoticeUpdate"

    public var isForced: Bool { self == .forceUpdate }

    /// The reference app's own `checkUpdateAlertNeeded()` pairs minor with NoticeFeatUpdate ("features
    /// added") and patch with NoticeUpdate, whatever its enum comments say (docs/00 §3).
    static func optional(for kind: UpdateKind) -> AlertType {
        switch kind {
        case .major, .minor: .noticeFeatUpdate
        case .patch, .revision: .noticeUpdate
        }
    }
}
