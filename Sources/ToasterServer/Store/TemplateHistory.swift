import FoundationEssentials
import ToasterCore
import ToasterPolicy
import ToasterWire

/// One published version of a project's Remote Config template, as kept: the template as
/// `GET …/remoteConfig?versionNumber=N` answers it, its `version` object included.
public struct TemplateVersionRecord: Sendable, Equatable {
    public let project: String
    public let number: Int64
    public let updateTime: Date
    public let document: Data
}

/// What one write stores, in one step: the policy document and the versions it publishes.
public struct PolicyChange: Sendable {
    let document: Data
    let versions: [TemplateVersionRecord]
}

/// The newest version number each project's history holds.
public typealias NewestVersions = [String: Int64]

/// Firebase's numbering of templates, which the server does itself whatever a publisher
/// writes (`version` is output-only in Google's API): every publish is the current number + 1
/// — above every number the history ever held, so none is used twice — with who, how and when.
/// The policy document keeps the served template with its `version`, so the fetch, the
/// real-time streams and the REST read all see the number the history gave.
enum TemplateHistory {
    typealias Version = RemoteConfigAPI.Version
    private static let templateKey = RemoteConfigTemplate.Key.self
    /// Who the admin API's publishes are by, in `updateUser.email`.
    static let adminUser = "admin-api@toaster-server"

    /// Who publishes, and how.
    struct Publisher: Sendable {
        let email: String?
        let origin: RemoteConfigAPI.UpdateOrigin
    }

    /// `template` published as `project`'s next version over the `stored` policy (`expected`:
    /// the version its `If-Match` named; nil for `*`), in every app of the project.
    static func publish(_ template: JSONTree, project: String, over stored: Data, newest: NewestVersions, expected: Int64?,
                        by publisher: Publisher, type: RemoteConfigAPI.UpdateType, rollbackSource: Int64? = nil,
                        now: Date) throws(StoreError) -> PolicyChange {
        var policy = try tree(stored)
        let current = served(policy, project: project)
        let floor = max(current?.number ?? 0, newest[project] ?? 0)
        if let expected, expected != (current?.number ?? 0) {
            throw StoreError.stale(RemoteConfigAPI.versionMismatch(expected: expected, current: current?.number ?? 0))
        }
        let version = Version(versionNumber: String(floor + 1), updateTime: timestamp(now), updateUser: publisher.email.map { Version.User(email: $0) },
                              description: description(of: template), updateOrigin: publisher.origin, updateType: type, rollbackSource: rollbackSource.map { String($0) })
        let published = withVersion(template, version)
        policy = setting(policy, project: project, template: published)
        return PolicyChange(document: try encode(policy),
                            versions: seed(current, project: project, newest: newest) + [record(project, floor + 1, published, now)])
    }

    /// The admin API's `PUT`, a publish too: each project whose template changed (its content,
    /// or a number named above the current one) gets the larger of the number it names and the
    /// current + 1, never one below; a template left as it was keeps its version. The document
    /// is stored as sent unless a number had to change.
    static func number(_ document: Data, over stored: Data, newest: NewestVersions, forced: Bool, now: Date) throws(StoreError) -> PolicyChange {
        var policy = try tree(document)
        let before = try tree(stored)
        var versions: [TemplateVersionRecord] = [], rewritten = false
        for project in projects(policy) {
            guard let given = served(policy, project: project) else { continue }
            let current = served(before, project: project)
            let floor = max(current?.number ?? 0, newest[project] ?? 0)
            let named = given.number ?? 0
            if let current, content(current.template) == content(given.template), named <= floor {
                if given.number != current.number {
                    policy = setting(policy, project: project, template: withVersion(given.template, current.template[templateKey.version.rawValue]))
                    rewritten = true
                }
                continue
            }
            let number = max(named, floor + 1)
            let version = Version(versionNumber: String(number), updateTime: timestamp(now), updateUser: Version.User(email: adminUser),
                                  description: description(of: given.template), updateOrigin: .console, updateType: forced ? .forced : .incremental)
            let published = withVersion(given.template, version)
            policy = setting(policy, project: project, template: published)
            rewritten = true
            versions += seed(current, project: project, newest: newest) + [record(project, number, published, now)]
        }
        return PolicyChange(document: rewritten ? try encode(policy) : document, versions: versions)
    }

    /// The `version.description` a publisher wrote, which the version keeps.
    private static func description(of template: JSONTree) -> String? {
        if case .string(let text)? = template[templateKey.version.rawValue]?[Version.CodingKeys.description.rawValue] { text } else { nil }
    }

    /// The template `project` serves in `policy` (its first app's), and its version number.
    static func served(_ policy: JSONTree, project: String) -> (template: JSONTree, number: Int64?)? {
        for app in policy["apps"]?.items ?? [] where app["remoteConfig"]?["project"].flatMap(text) == project {
            guard let template = app["remoteConfig"]?["template"] else { continue }
            return (template, number(of: template))
        }
        return nil
    }

    /// A template's `version.versionNumber`, a text or a number.
    static func number(of template: JSONTree) -> Int64? {
        switch template[templateKey.version.rawValue]?[Version.CodingKeys.versionNumber.rawValue] {
        case .string(let text)?, .number(let text)?: Int64(text)
        default: nil
        }
    }

    /// `project`'s template in the policy `document` as a version, if it has a number.
    static func current(in document: Data, project: String) -> TemplateVersionRecord? {
        guard let policy = try? StrictJSON.parse(document) else { return nil }
        return seed(served(policy, project: project), project: project, newest: [:]).first
    }

    /// The current template as a version, when the history holds none of its project yet: the
    /// first publish keeps the template it replaces, so that a rollback can bring it back.
    private static func seed(_ current: (template: JSONTree, number: Int64?)?, project: String, newest: NewestVersions) -> [TemplateVersionRecord] {
        guard newest[project] == nil, let current, let number = current.number else { return [] }
        let time = current.template[templateKey.version.rawValue]?[Version.CodingKeys.updateTime.rawValue].flatMap(text).flatMap(ISO8601.parse) ?? Date(timeIntervalSince1970: 0)
        return [record(project, number, current.template, time)]
    }

    private static func record(_ project: String, _ number: Int64, _ template: JSONTree, _ time: Date) -> TemplateVersionRecord {
        TemplateVersionRecord(project: project, number: number, updateTime: time,
                              document: (try? WireJSON.encode(TemplateDocument(tree: template))) ?? Data("{}".utf8))
    }

    /// The template's content, without what a publish sets (`version`) or the Admin SDKs add (`etag`).
    private static func content(_ template: JSONTree) -> Data? {
        guard case .object(let members) = template else { return nil }
        let kept = members.filter { $0.key != templateKey.version.rawValue && $0.key != templateKey.etag.rawValue }
        return try? WireJSON.encode(TemplateDocument(tree: .object(kept)))
    }

    /// `template` with `version` in place of its own, and without an `etag`.
    static func withVersion(_ template: JSONTree, _ version: Version) -> JSONTree {
        withVersion(template, (try? WireJSON.encode(version)).flatMap { try? StrictJSON.parse($0) })
    }

    /// `template` without what only a publish sets (`version`) or the Admin SDKs add (`etag`).
    static func withoutOutputs(_ template: JSONTree) -> JSONTree { withVersion(template, nil as JSONTree?) }

    private static func withVersion(_ template: JSONTree, _ version: JSONTree?) -> JSONTree {
        guard case .object(let members) = template else { return template }
        var kept = members.filter { $0.key != templateKey.version.rawValue && $0.key != templateKey.etag.rawValue }
        if let version { kept.append((templateKey.version.rawValue, version)) }
        return .object(kept)
    }

    /// Every project of `policy` with a template.
    private static func projects(_ policy: JSONTree) -> [String] {
        var seen: [String] = []
        for app in policy["apps"]?.items ?? [] {
            guard app["remoteConfig"]?["template"] != nil, let project = app["remoteConfig"]?["project"].flatMap(text),
                  !seen.contains(project) else { continue }
            seen.append(project)
        }
        return seen
    }

    /// `policy` with `template` in every app of `project`.
    private static func setting(_ policy: JSONTree, project: String, template: JSONTree) -> JSONTree {
        let apps = (policy["apps"]?.items ?? []).map { app -> JSONTree in
            guard let place = app["remoteConfig"], place["project"].flatMap(text) == project else { return app }
            return replacing(app, "remoteConfig", with: replacing(place, "template", with: template))
        }
        return replacing(policy, "apps", with: .array(apps))
    }

    private static func replacing(_ object: JSONTree, _ key: String, with value: JSONTree) -> JSONTree {
        guard case .object(var members) = object else { return object }
        if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = value } else { members.append((key, value)) }
        return .object(members)
    }

    private static func text(_ tree: JSONTree) -> String? {
        if case .string(let text) = tree { text } else { nil }
    }

    private static func tree(_ document: Data) throws(StoreError) -> JSONTree {
        do { return try StrictJSON.parse(document) } catch { throw StoreError.invalid(error.description) }
    }

    private static func encode(_ policy: JSONTree) throws(StoreError) -> Data {
        do { return try WireJSON.encode(TemplateDocument(tree: policy)) } catch { throw StoreError.unwritable("cannot write the policy: \(error)") }
    }

    /// RFC 3339 in UTC with microseconds, as Google writes `updateTime`.
    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
