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
