import FoundationEssentials
import ToasterCore
import ToasterPolicy
import ToasterWire

/// A policy together with every answer it gives, built once per load: requests only look up.
/// A class, so that handing a request the current snapshot is one reference, not a copy of
/// every table.
final class ServedPolicy: Sendable {
    let policy: ServicePolicy
    /// The document as stored, which `GET /admin/policy` returns.
    let document: Data
    /// The document's ETag: what an editor sends back as `If-Match`.
    let eTag: String
    /// The ETag without its quotes, as log lines and the metrics' label write it: one pair of
    /// quotes (the log's or the label's), not the tag's inside the log's.
    var opaqueETag: String { eTag.filter { $0 != "\"" } }
    let loadedAt = Date()
    private let lookups: [String: StorefrontAnswers]
    private let remoteConfigs: [String: EncodedAnswer]
    /// The places whose policy holds a template: a fetch there is evaluated per device.
    private let templates: [String: RemoteConfigTemplate]
    /// The projects with a template, where installations are issued.
    let firebaseProjects: Set<String>
    /// Each project's places in the policy, whose keys and apps its Firebase room checks.
    private let remoteConfigPlaces: [String: [RemoteConfigPlace]]
    /// Each such project's template as `GET /v1/projects/{project}/remoteConfig` returns it.
    private let templateDocuments: [String: EncodedAnswer]
    private let cmsObjects: [String: EncodedAnswer]
    let unknownLookup = EncodedAnswer(ServiceAnswers.lookup(nil, release: nil, country: ""), contentType: AppStoreLookupAPI.contentType)
    let unknownRemoteConfig = EncodedAnswer(ServiceAnswers.remoteConfig(nil))

    init(_ policy: ServicePolicy, document: Data) {
        self.policy = policy
        self.document = document
        eTag = ETag.of(document)
        var lookups: [String: StorefrontAnswers] = [:], remoteConfigs: [String: EncodedAnswer] = [:], cmsObjects: [String: EncodedAnswer] = [:]
        var templates: [String: RemoteConfigTemplate] = [:], templateDocuments: [String: EncodedAnswer] = [:]
        for app in policy.apps {
            for country in app.countries {
                let answer = StorefrontAnswers(app, country: country)
                lookups[Self.lookupKey(id: String(app.trackId), country: country)] = answer
                lookups[Self.lookupKey(bundleID: app.bundleId, country: country)] = answer
            }
            if let place = app.remoteConfig, let template = place.template {
                templates[Self.remoteConfigKey(place.project, place.namespace)] = template
                // A project's first template is the one its REST API answers with.
                if templateDocuments[place.project] == nil {
                    templateDocuments[place.project] = EncodedAnswer(TemplateDocument(tree: template.document))
                }
            } else if let place = app.remoteConfig {
                remoteConfigs[Self.remoteConfigKey(place.project, place.namespace)] = EncodedAnswer(ServiceAnswers.remoteConfig(app))
            }
            if let place = app.cms, let forced = app.forced {
                cmsObjects[place.endpoint] = EncodedAnswer(ServiceAnswers.cms(forced))
            }
        }
        self.lookups = lookups
        self.remoteConfigs = remoteConfigs
        self.templates = templates
        self.templateDocuments = templateDocuments
        firebaseProjects = Set(policy.apps.compactMap { $0.remoteConfig?.template == nil ? nil : $0.remoteConfig?.project })
        remoteConfigPlaces = Dictionary(grouping: policy.apps.compactMap(\.remoteConfig), by: \.project)
        self.cmsObjects = cmsObjects
    }

    /// `pathForm`: asked as `/{cc}/lookup` rather than `/lookup?country=`; `now` decides
    /// whether a lagging form still serves the previous release.
    func lookup(id: String?, bundleID: String?, country: String, pathForm: Bool, now: Date) -> EncodedAnswer {
        let key = id.map { Self.lookupKey(id: $0, country: country) } ?? bundleID.map { Self.lookupKey(bundleID: $0, country: country) }
        return key.flatMap { lookups[$0] }?.answer(queryForm: !pathForm, byBundleID: id == nil, now: now) ?? unknownLookup
    }

    func remoteConfig(project: String, namespace: String) -> EncodedAnswer {
        remoteConfigs[Self.remoteConfigKey(project, namespace)] ?? unknownRemoteConfig
    }

    func template(project: String, namespace: String) -> RemoteConfigTemplate? {
        templates[Self.remoteConfigKey(project, namespace)]
    }

    func templateDocument(project: String) -> EncodedAnswer? { templateDocuments[project] }

    /// `project`'s places, in the policy's order.
    func remoteConfigPlaces(project: String) -> [RemoteConfigPlace] { remoteConfigPlaces[project] ?? [] }

    func cms(endpoint: String) -> EncodedAnswer? { cmsObjects[endpoint] }

    private static func lookupKey(id: String, country: String) -> String { "id:\(id)@\(country)" }
    private static func lookupKey(bundleID: String, country: String) -> String { "bundle:\(bundleID)@\(country)" }
    private static func remoteConfigKey(_ project: String, _ namespace: String) -> String { "\(project)/\(namespace)" }
}
