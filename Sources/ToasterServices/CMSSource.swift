import FoundationEssentials
import ToasterCore

/// `--source cms`: the CMS force-update object (`GET {url}` with `X-MICROCMS-API-KEY`).
public struct CMSSource: ServiceSource {
    public let location: SourceLocation
    /// From the environment or a file, never from a flag (it would show in `ps`).
    public let apiKey: String?
    public let timeout: Duration

    public init(location: SourceLocation, apiKey: String?, timeout: Duration = .seconds(5)) {
        self.location = location
        self.apiKey = apiKey
        self.timeout = timeout
    }

    public var name: String { "cms" }

    public func fetchPolicy() throws(SourceError) -> UpdatePolicy {
        let data = try location.read(timeout: timeout, headers: apiKey.map { [("X-MICROCMS-API-KEY", $0)] } ?? [])
        let object = try JSONPayload.decode(CMSForceUpdate.self, from: data, what: "CMS")
        return UpdatePolicy(
            forcedRange: ForcedRange(minAppVersion: object.minAppVersion, maxAppVersion: object.maxAppVersion,
                                     start: try object.date(object.startDate, "startDate"),
                                     end: try object.date(object.endDate, "endDate")),
            texts: AlertTextOverride(title: object.title, message: object.message, buttonTitle: object.buttonTitle),
            updateURL: object.url
        )
    }
}
