import Foundation

/// A state folder that outlives one run, so that a relaunch finds what the last run remembered.
package final class StateFolder {
    package let path: String

    package init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The demo app's answer file (`--app-id` 1234567890).
    package var demoAppFile: String { path + "/id1234567890.json" }
}
