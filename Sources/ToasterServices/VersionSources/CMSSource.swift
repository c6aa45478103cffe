import FoundationEssentials
import ToasterCore
import ToasterWire

/// `--source cms`: the CMS force-update object (`GET {url}` with the API key's header).
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

    public func fetchAnswer() throws(SourceError) -> SourceAnswer {
        let data = try location.read(timeout: timeout, headers: apiKey.map { [(CMSAPI.apiKeyHeader, $0)] } ?? [])
        let what = "CMS answer from \(location)"
        let (object, tree) = try JSONPayload.decode(CMSAPI.ForceUpdate.self, from: data, what: what)
        let expected = CMSAPI.ForceUpdate.appKeys.map(\.stringValue)
        return try object.answer(absence: JSONPayload.absence(of: expected, in: tree, what: "CMS object"), what: what)
    }
}

/// The reference app's force-update object; one of its keys absent is named in a notice (the
/// range's two versions make the answer unusable).
extension CMSAPI.ForceUpdate {
    /// The policy the object states; `absence` names a key the answer lacks, as a notice;
    /// `what` is the answer and its origin, as its problems begin.
    func answer(absence: String?, what: String) throws(SourceError) -> SourceAnswer {
        guard let minAppVersion, let maxAppVersion else {
            throw JSONPayload.unusable(what, at: Self.place(minAppVersion == nil ? .minAppVersion : .maxAppVersion),
                                       "absent or null, where the forced range needs a version" + (absence.map { " (\($0))" } ?? ""))
        }
        try JSONPayload.checkVersion(minAppVersion, at: Self.place(.minAppVersion), what: what)
        try JSONPayload.checkVersion(maxAppVersion, at: Self.place(.maxAppVersion), what: what)
        var answer = SourceAnswer(
            forcedRange: ForcedRange(minAppVersion: minAppVersion, maxAppVersion: maxAppVersion,
                                     start: try date(startDate, .startDate, what: what), end: try date(endDate, .endDate, what: what)),
            texts: AlertTextOverride(title: title, message: message, buttonTitle: buttonTitle),
            updateURL: url,
            notices: absence.map { [$0] } ?? []
        )
        answer.origin = .updateService
        return answer
    }

    func date(_ text: String?, _ field: CodingKeys, what: String) throws(SourceError) -> Date? {
        guard let text else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw JSONPayload.unusable(what, at: Self.place(field), "\(JSONValue.string(text).serialized()) is not an ISO 8601 date")
        }
        return date
    }

    private static func place(_ field: CodingKeys) -> JSONPlace { JSONPlace.root.key(field.stringValue) }
}
