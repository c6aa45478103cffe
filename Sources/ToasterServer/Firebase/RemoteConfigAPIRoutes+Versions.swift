import FoundationEssentials
import HTTPTypes
import Hummingbird
import NIOCore
import ToasterCore
import ToasterPolicy
import ToasterWire

/// The REST API's publish, history and rollback, as Google's clients call them (docs/06):
/// `PUT …/remoteConfig` (over `If-Match`, or `*`; `?validate_only=true`),
/// `GET …/remoteConfig?versionNumber=N`, `GET …/remoteConfig:listVersions` and
/// `POST …/remoteConfig:rollback`, each for the same service account's access token as the read.
extension RemoteConfigAPIRoutes {
    /// A rollback's body is one number.
    static let maximumRollbackBody = 4 << 10
    private typealias Query = RemoteConfigAPI.ListVersionsQuery

    static func addVersions(to router: some RouterMethods<BasicRequestContext>, store: PolicyStore, settings: ServerSettings) {
        router.put(RouterPath(RemoteConfigAPI.templatePath(project: ":project"))) { request, context in
            try await settings.delay()
            if let refused = unauthorized(request, settings: settings) { return refused }
            guard let project = store.served.firebaseProject(named: context.parameters.get("project") ?? "") else { return notFound(request, context) }
            return await publish(request, project: project, store: store, settings: settings)
        }
        router.get(RouterPath(RemoteConfigAPI.listVersionsPath(project: ":project"))) { request, context in
            try await settings.delay()
            if let refused = unauthorized(request, settings: settings) { return refused }
            guard let project = store.served.firebaseProject(named: context.parameters.get("project") ?? "") else { return notFound(request, context) }
            return await list(request, project: project, store: store)
        }
        router.post(RouterPath(RemoteConfigAPI.rollbackPath(project: ":project"))) { request, context in
            try await settings.delay()
            if let refused = unauthorized(request, settings: settings) { return refused }
            guard let project = store.served.firebaseProject(named: context.parameters.get("project") ?? "") else { return notFound(request, context) }
            return await rollback(request, project: project, store: store, settings: settings)
        }
    }

    /// `PUT …/remoteConfig`: the body is the template; `If-Match` the ETag of the version it
    /// replaces, or `*`. Published (or, with `?validate_only=true`, only checked) through the
    /// policy's own validation, and answered with the template and its new ETag.
    private static func publish(_ request: Request, project: String, store: PolicyStore, settings: ServerSettings) async -> Response {
        guard let match = request.headers[.ifMatch]?.trimmingWhitespace(), !match.isEmpty else {
            return invalid(request, "If-Match is required: the ETag of GET \(RemoteConfigAPI.templatePath(project: project)), "
                + "or \(RemoteConfigAPI.anyETag) to publish over any version")
        }
        let expected: Int64?
        if match == RemoteConfigAPI.anyETag {
            expected = nil
        } else if let version = RemoteConfigAPI.version(eTag: String(match), project: project) {
            expected = version
        } else {
            return invalid(request, "\(RemoteConfigAPI.versionMismatchWord): If-Match \(match) is no ETag of project \(project)'s template; "
                + "GET it again and reapply the change")
        }
        var request = request
        let template: JSONTree
        do {
            let body = try await request.collectBody(upTo: ServicePolicy.maximumBytes)
            template = try StrictJSON.parse(Data(body.readableBytesView))
        } catch let error as StrictJSONError {
            return invalid(request, "the template is not JSON: \(error)")
        } catch {
            return invalid(request, "the template is larger than \(ServicePolicy.maximumBytes) bytes or was cut off")
        }
        guard case .object = template else { return invalid(request, "the template is \(template.kind), not a template object") }
        let validateOnly = request.uri.queryParameters.get(RemoteConfigAPI.validateOnlyQueryItem) == "true"
        do throws(StoreError) {
            let served = try await store.publish(template, project: project, expected: expected, by: publisher(request, settings),
                                                 type: expected == nil ? .forced : .incremental, validateOnly: validateOnly)
            if validateOnly {
                // The template as sent, with the ETag of a validation.
                let sent = EncodedAnswer(TemplateDocument(tree: TemplateHistory.withoutOutputs(template)))
                return answer(request, sent, project: project, version: nil,
                              eTag: RemoteConfigAPI.eTag(project: project, version: 0))
            }
            return published(request, served, project: project)
        } catch {
            return refused(request, error)
        }
    }

    /// `GET …/remoteConfig:listVersions`: the versions kept, newest first, a page at a time.
    private static func list(_ request: Request, project: String, store: PolicyStore) async -> Response {
        let query = request.uri.queryParameters
        var pageSize = RemoteConfigAPI.keptVersions
        var newest = Int64.max, from = Date.distantPast, before = Date.distantFuture
        if let text = query.get(Query.pageSize.rawValue) {
            guard let size = Int(text), (1...RemoteConfigAPI.keptVersions).contains(size) else {
                return invalid(request, "\(Query.pageSize.rawValue) must be a number from 1 to \(RemoteConfigAPI.keptVersions), not \(text)")
            }
            pageSize = size
        }
        for key in [Query.pageToken, .endVersionNumber] {
            guard let text = query.get(key.rawValue), !text.isEmpty else { continue }
            guard let number = Int64(text), number > 0 else {
                return invalid(request, "\(key.rawValue) \(text) is not \(key == .pageToken ? "a token this server gave" : "a version number")")
            }
            newest = min(newest, number)
        }
        for key in [Query.startTime, .endTime] {
            guard let text = query.get(key.rawValue), !text.isEmpty else { continue }
            guard let time = ISO8601.parse(text) else { return invalid(request, "\(key.rawValue) \(text) is not an RFC 3339 time") }
            if key == .startTime { from = time } else { before = time }
        }
        let records: [TemplateVersionRecord]
        do throws(StoreError) { records = try await store.versions(of: project) } catch { return refused(request, error) }
        let listed = records.filter { $0.number <= newest && $0.updateTime >= from && $0.updateTime < before }
        let page = listed.prefix(pageSize).compactMap { record in
            (try? StrictJSON.parse(record.document))?[RemoteConfigTemplate.Key.version.rawValue]
                .flatMap { try? StrictJSON.decode(RemoteConfigAPI.Version.self, tree: $0) }
        }
        let next = listed.count > pageSize ? String(listed[pageSize].number) : nil
        return ToasterRoutes.answer(request, .ok, RemoteConfigAPI.ListVersionsResult(versions: page, nextPageToken: next))
    }

    /// `GET …/remoteConfig?versionNumber=N`: a version kept, with its ETag.
    static func version(_ request: Request, _ asked: String, project: String, store: PolicyStore) async -> Response {
        guard let number = Int64(asked), number > 0 else { return invalid(request, "\(RemoteConfigAPI.versionNumberQueryItem) \(asked) is not a version number") }
        let records: [TemplateVersionRecord]
        do throws(StoreError) { records = try await store.versions(of: project) } catch { return refused(request, error) }
        guard let record = records.first(where: { $0.number == number }) else { return notKept(request, number, project: project) }
        return answer(request, EncodedAnswer(document: record.document, eTag: ETag.of(record.document)), project: project, version: number)
    }

    /// `POST …/remoteConfig:rollback`: version N, named in the body (`{"versionNumber": "N"}`,
    /// as the Admin SDKs send it) or the query (`?versionNumber=N`, as the `firebase` CLI does),
    /// published again as a new version; 404 for a version not kept, 400 for one not below the
    /// current.
    private static func rollback(_ request: Request, project: String, store: PolicyStore, settings: ServerSettings) async -> Response {
        var request = request
        var asked: String? = request.uri.queryParameters.get(RemoteConfigAPI.versionNumberQueryItem)
        if asked == nil {
            do {
                let body = try await request.collectBody(upTo: maximumRollbackBody)
                asked = try StrictJSON.decode(RemoteConfigAPI.RollbackRequest.self, from: Data(body.readableBytesView)).value.versionNumber
            } catch {
                return invalid(request, "name the version to roll back to: {\"\(RemoteConfigAPI.RollbackRequest.CodingKeys.versionNumber.stringValue)\": \"N\"} "
                    + "in the body, or ?\(RemoteConfigAPI.versionNumberQueryItem)=N")
            }
        }
        guard let asked, let number = Int64(asked), number > 0 else {
            return invalid(request, "\(RemoteConfigAPI.versionNumberQueryItem) \(asked ?? "") is not a version number")
        }
        let current = store.served.templateVersion(project: project) ?? 0
        guard number < current else {
            return invalid(request, "cannot roll back to version \(number): it is not below the current version \(current)")
        }
        let records: [TemplateVersionRecord]
        do throws(StoreError) { records = try await store.versions(of: project) } catch { return refused(request, error) }
        guard let record = records.first(where: { $0.number == number }), let template = try? StrictJSON.parse(record.document) else {
            return notKept(request, number, project: project)
        }
        do throws(StoreError) {
            let served = try await store.publish(template, project: project, expected: nil, by: publisher(request, settings),
                                                 type: .rollback, rollbackSource: number)
            return published(request, served, project: project)
        } catch {
            return refused(request, error)
        }
    }

    /// The service account's publish, from the Admin SDK for Node when its client header says so.
    private static func publisher(_ request: Request, _ settings: ServerSettings) -> TemplateHistory.Publisher {
        let client = HTTPField.Name(GoogleAPI.firebaseClientHeader).flatMap { request.headers[$0] } ?? ""
        return TemplateHistory.Publisher(email: settings.firebaseServiceAccount?.email,
                                         origin: client.hasPrefix(RemoteConfigAPI.adminSDKNodeClient) ? .adminSDKNode : .restAPI)
    }

    private static func published(_ request: Request, _ served: ServedPolicy, project: String) -> Response {
        guard let template = served.templateDocument(project: project) else {
            return FirebaseRoutes.answer(request, GoogleAPI.ErrorAnswer(.internal, message: "the published template is not served"))
        }
        return answer(request, template, project: project, version: served.templateVersion(project: project))
    }

    private static func notKept(_ request: Request, _ number: Int64, project: String) -> Response {
        FirebaseRoutes.answer(request, GoogleAPI.ErrorAnswer(.notFound, message: "version \(number) of project \(project)'s template is not kept "
            + "(the last \(RemoteConfigAPI.keptVersions) are; GET \(RemoteConfigAPI.listVersionsPath(project: project)) lists them)"))
    }

    private static func invalid(_ request: Request, _ message: String) -> Response {
        FirebaseRoutes.answer(request, GoogleAPI.ErrorAnswer(.invalidArgument, message: message))
    }

    /// A publish refused: the template (or a stale `If-Match`) 400 `INVALID_ARGUMENT` with the
    /// reader's sentence; a store that cannot write 500 or 503, the reason in the log only.
    private static func refused(_ request: Request, _ error: StoreError) -> Response {
        let answer = switch error {
        case .refused, .stale: GoogleAPI.ErrorAnswer(.invalidArgument, message: error.description)
        case .unwritable: GoogleAPI.ErrorAnswer(.internal, message: "the template is valid but could not be stored; the server's log says why")
        case .unavailable: GoogleAPI.ErrorAnswer(.unavailable, message: "the policy store is unavailable; the server's log says why")
        }
        return FirebaseRoutes.answer(request, answer)
    }
}

extension ServedPolicy {
    /// The project a path names, by its ID or its number (the middle of its apps' IDs,
    /// `1:NUMBER:ios:…`), as Google's reference takes either.
    func firebaseProject(named name: String) -> String? {
        let places = policy.apps.compactMap(\.remoteConfig)
        if places.contains(where: { $0.project == name }) { return name }
        guard !name.isEmpty, name.allSatisfy(\.isNumber) else { return nil }
        return places.first { place in (place.appIds ?? []).contains { $0.split(separator: ":").dropFirst().first == Substring(name) } }?.project
    }

    /// The version number of the template `project`'s REST API answers with.
    func templateVersion(project: String) -> Int64? {
        policy.apps.lazy.compactMap(\.remoteConfig).first { $0.project == project && $0.template != nil }?.template?.version.flatMap { Int64($0) }
    }
}
