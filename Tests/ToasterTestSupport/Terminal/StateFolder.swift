import Foundation

/// A state folder that outlives one run, so that a relaunch finds what the last run remembered.
final class StateFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The demo app's answer file (`--app-id` 1234567890).
    var demoAppFile: String { path + "/id1234567890.json" }
}
