import ToasterCore

/// A Remote Config project and namespace, and the template served there, if any.
public struct RemoteConfigPlace: Decodable, Sendable, Equatable {
    public var project: String
    public var namespace: String
    /// With a template, the place is a Firebase project as an app reaches it: installations
    /// are issued, and a fetch with an installation's token gets the template evaluated for
    /// its device (docs/06). Read whole, every expression parsed, by `ServicePolicy.validated`
    /// from the document's tree: the template model is Core's, not a decoder's.
    public var template: RemoteConfigTemplate?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case project, namespace, template
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        project = try container.decode(String.self, forKey: .project)
        namespace = try container.decode(String.self, forKey: .namespace)
        template = nil
    }
}
