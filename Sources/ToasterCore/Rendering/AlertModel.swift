/// What an update alert shows: type, texts and buttons in the order the seed adds them.
public struct AlertModel: Sendable, Equatable {
    public let type: AlertType
    public let title: String
    public let message: String
    public let buttons: [AlertButton]

    /// The seed's alert for `type` in `language`; a payload's texts (CMS) replace the defaults
    /// where given. A `skippable` optional alert has `이 버전 건너뛰기` between the two buttons.
    public init(type: AlertType, language: Language = .ko, texts: AlertTextOverride? = nil, skippable: Bool = false) {
        self.type = type
        title = texts?.title.nonEmpty ?? AlertTexts.title(type, language)
        message = texts?.message.nonEmpty ?? AlertTexts.message(type, language)
        let update = AlertButton(role: .update, title: texts?.buttonTitle.nonEmpty ?? AlertTexts.update(language))
        let later = AlertButton(role: .later, title: AlertTexts.later(language))
        let skip = AlertButton(role: .skip, title: AlertTexts.skip(language))
        buttons = type.isForced ? [update] : skippable ? [later, skip, update] : [later, update]
    }

    public var buttonTitles: [String] { buttons.map(\.title) }
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

/// The three alerts of the seed, named as its `UpdateAlertType` enum names them.
public enum AlertType: String, Sendable, Codable, CaseIterable {
    case forceUpdate = "ForceUpdate"
    case noticeFeatUpdate = "NoticeFeatUpdate"
    case noticeUpdate = "NoticeUpdate"

    public var isForced: Bool { self == .forceUpdate }

    /// The seed's own `checkUpdateAlertNeeded()` pairs minor with NoticeFeatUpdate ("features
    /// added") and patch with NoticeUpdate, whatever its enum comments say (SPEC §3).
    static func optional(for kind: UpdateKind) -> AlertType {
        switch kind {
        case .major, .minor: .noticeFeatUpdate
        case .patch, .revision: .noticeUpdate
        }
    }
}
