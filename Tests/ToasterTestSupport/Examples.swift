import Foundation

/// The repository's examples/ folder: the tests serve and run what a user copies.
package enum Examples {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples").standardizedFileURL

    /// examples/policy.json.
    package static let policy = folder.appendingPathComponent("policy.json")
}
