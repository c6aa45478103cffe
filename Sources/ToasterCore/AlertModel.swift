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
