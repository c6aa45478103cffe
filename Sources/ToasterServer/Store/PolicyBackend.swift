import FoundationEssentials
import ToasterPolicy

/// Where the served policy is kept: a file (the default, `PolicyFile`) or a PostgreSQL table
/// shared by several instances (`PostgresPolicy`, in `PostgresDatabase`), each with the
/// history of the templates published (`TemplateHistory`) beside it.
public protocol PolicyBackend: Sendable {
    /// The place in log lines, without secrets: a path, or a database URL without its password.
    var place: String { get }
    /// Whether the stored document may have been written by someone other than this server's
    /// `PUT`s (a file edited by hand), so a reload checks it for dead ends; a database row was
    /// checked by the `PUT` that stored it, which may have allowed it, and every instance serves it alike.
    var isEditedOutsideTheServer: Bool { get }
    /// The stored document.
    func read() async throws(StoreError) -> StoredPolicy
    /// In one step: reads the stored document and each project's newest version number,
    /// stores what `change` makes of them (the document, and the versions it publishes, of
    /// which each project keeps its newest `RemoteConfigAPI.keptVersions`), and returns that
    /// with `change`'s other result. Nothing is stored when `change` throws.
    func write<T: Sendable>(_ change: @escaping @Sendable (Data, NewestVersions) throws(StoreError) -> (PolicyChange, T))
        async throws(StoreError) -> (StoredPolicy, T)
    /// `project`'s versions kept, newest first.
    func versions(of project: String) async throws(StoreError) -> [TemplateVersionRecord]
}

/// A policy document as stored, and its revision: a number that grows with every read or
/// write of the place, so that of two results the later one can be told.
public struct StoredPolicy: Sendable {
    public let document: Data
    public let revision: Int64
}
