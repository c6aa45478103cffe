/// The simulated App Store page of the app, with the install progress once started.
public struct StorePage: Sendable, Equatable {
    public var url: String
    public var listing: StoreListing?
    /// Percent installed, nil until the install button is pressed.
    public var installProgress: Int?

    public init(url: String, listing: StoreListing?, installProgress: Int? = nil) {
        self.url = url
        self.listing = listing
        self.installProgress = installProgress
    }
}
