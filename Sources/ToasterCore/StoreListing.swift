/// What the store says about its current version, for the simulated App Store screen.
public struct StoreListing: Sendable, Equatable {
    public var appName: String
    public var version: String
    public var releaseNotes: String?
    public var releaseDate: String?
    public var minimumOSVersion: String?

    public init(appName: String, version: String, releaseNotes: String? = nil,
                releaseDate: String? = nil, minimumOSVersion: String? = nil) {
        self.appName = appName
        self.version = version
        self.releaseNotes = releaseNotes
        self.releaseDate = releaseDate
        self.minimumOSVersion = minimumOSVersion
    }
}
