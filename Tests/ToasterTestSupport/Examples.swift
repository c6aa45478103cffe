import Foundation

/// The repository's examples/ folder: the tests serve and run what a user copies.
package enum Examples {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples").standardizedFileURL

    /// examples/policy.json.
    package static let policy = folder.appendingPathComponent("policy.json")

    /// examples/remote-config/template.json, the console's export.
    package static let template = folder.appendingPathComponent("remote-config/template.json")

    /// examples/remote-config/policy.json: the example policy with the export inline, what the
    /// README serves as a local Firebase.
    package static let firebasePolicy = folder.appendingPathComponent("remote-config/policy.json")

    /// The example policy with a Remote Config template inline in its `remoteConfig` (the
    /// example export unless `template` is given): toaster-server then serves it as Firebase.
    package static func policy(template: String? = nil) throws -> String {
        let text = try template ?? String(contentsOf: Self.template, encoding: .utf8)
        let example = try String(contentsOf: policy, encoding: .utf8)
        let place = #""remoteConfig": { "project": "toaster", "namespace": "firebase" }"#
        guard example.contains(place) else { throw TestFailure(description: "examples/policy.json changed its remoteConfig") }
        return example.replacingOccurrences(of: place, with: #""remoteConfig": { "project": "toaster", "namespace": "firebase", "template": "# + text + " }")
    }
}
