import Foundation
import Testing
import ToasterPolicy
@testable import ToasterServer
import ToasterTestSupport
import ToasterWire

/// The history beside the policy file, and the admin API's `PUT` as a publish.
@Suite struct TemplateHistoryStoreTests {
    /// A policy file with the example template at `version`, in a folder of its own.
    private func folder(_ test: (String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-history-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("policy.json").path
        try Self.policy(version: 42).write(toFile: path, atomically: true, encoding: .utf8)
        try await test(path)
    }

    /// The example policy with the example template at `version`, its minimum `minimum`.
    static func policy(version: Int, minimum: String = "1.0.0") throws -> String {
        let template = try String(contentsOf: Examples.template, encoding: .utf8)
        return try Examples.policy(template: template.replacingOccurrences(of: #""versionNumber": "42""#, with: #""versionNumber": "\#(version)""#)
            .replacingOccurrences(of: #""value": "1.0.0""#, with: #""value": "\#(minimum)""#))
    }

    static func served(_ store: PolicyStore) -> String? { store.served.template(project: "toaster", namespace: "firebase")?.version }

    /// QA replays production at 118: the number named is taken when above the current, never
    /// one below it; a policy whose template is unchanged keeps its number and its bytes.
    @Test func theAdminPutJumpsAheadToTheNumberItNamesButNeverBack() async throws {
        try await folder { path in
            let store = try PolicyStore(path: path)
            _ = try await store.replace(with: Data(try Self.policy(version: 118, minimum: "2.0.0").utf8), ifMatch: nil)
            #expect(Self.served(store) == "118")
            _ = try await store.replace(with: Data(try Self.policy(version: 100, minimum: "1.9.0").utf8), ifMatch: nil)
            #expect(Self.served(store) == "119", "never back: 118 + 1")
            _ = try await store.replace(with: Data(try Self.policy(version: 119, minimum: "1.9.0").utf8), ifMatch: nil)
            #expect(Self.served(store) == "119", "the same template: no new version")
            let versions = try await store.versions(of: "toaster")
            #expect(versions.map(\.number) == [119, 118, 42])
            // The same template at an older number: served at the current one all the same.
            let unchanged = Data(try Self.policy(version: 7, minimum: "1.9.0").utf8)
            let served = try await store.replace(with: unchanged, ifMatch: nil).served
            #expect(Self.served(store) == "119")
            #expect(served.document != unchanged)
            let version = try #require(try JSONSerialization.jsonObject(with: versions[1].document) as? [String: Any])["version"] as? [String: Any]
            #expect(version?["updateType"] as? String == "FORCED_UPDATE")
            #expect((version?["updateUser"] as? [String: Any])?["email"] as? String == TemplateHistory.adminUser)
        }
    }

    /// Firebase keeps the last 300 versions; the numbers go on past the ones forgotten.
    @Test func theLast300VersionsAreKept() async throws {
        try await folder { path in
            let file = PolicyFile(path: path)
            let template = Data(#"{"parameters": {}}"#.utf8)
            _ = try await file.write { stored, _ throws(StoreError) in
                (PolicyChange(document: stored, versions: (1...302).map { TemplateVersionRecord(project: "to/aster", number: $0, updateTime: Date(), document: template) }), 0)
            }
            let kept = try await file.versions(of: "to/aster")
            #expect(kept.map(\.number) == Array((3...302).reversed()))
            #expect(try await file.versions(of: "toaster").isEmpty, "another project's folder")
            let newest = try await file.write { stored, newest throws(StoreError) in (PolicyChange(document: stored, versions: []), newest) }.1
            #expect(newest == ["to/aster": 302])
        }
    }
}
