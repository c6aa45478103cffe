import Foundation

/// What the preflight suites share: toaster-server policies for app 42, and input files.
package enum PreflightFixtures {
    package static let longAgo = "2026-01-01T00:00:00Z"

    /// A policy for app 42 listed in kr, us and jp; `extra` adds or overrides the app's fields.
    package static func policy(_ extra: [String: Any] = [:]) throws -> String {
        var app: [String: Any] = ["trackId": 42, "bundleId": "com.example.toaster", "name": "Toaster", "version": "2.0.0",
                                  "countries": ["kr", "us", "jp"], "releaseDate": longAgo, "minimumOsVersion": "15.0"]
        app.merge(extra) { $1 }
        return String(decoding: try JSONSerialization.data(withJSONObject: ["apps": [app]]), as: UTF8.self)
    }

    package static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    /// A Remote Config template that forces users below 2.0.0 in jp to `minimum` (condition
    /// `japan_first`, version 7) and nobody elsewhere.
    package static func template(jpMinimum minimum: String) -> String {
        """
        {"conditions": [{"name": "japan_first", "expression": "device.os == 'ios' && device.country in ['jp'] && app.version.<(['2.0.0'])"}],
         "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"japan_first": {"value": "\(minimum)"}}}},
         "version": {"versionNumber": "7"}}
        """
    }

    package static func file(_ text: String, _ name: String = "input") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("preflight-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

/// App Store Connect as toaster-server simulates it, signed in to with the example key
/// (examples/preflight/AuthKey_DEMO123456.p8).
package enum AppStoreConnectFixtures {
    package static let keyID = "DEMO123456"
    package static let issuerID = "69a6de70-0000-47e3-e053-5b8c7c11a4d1"
    static let exampleKey = Examples.folder.appendingPathComponent("preflight/AuthKey_DEMO123456.p8").path

    /// The example key in a file of `mode`.
    package static func key(mode: mode_t = 0o600) throws -> String {
        let path = try PreflightFixtures.file(try String(contentsOfFile: exampleKey, encoding: .utf8), "key.p8")
        chmod(path, mode)
        return path
    }

    /// App 42 in kr, us and jp, sold in kr and jp, with 2.0.0 in `state`; its build needs iOS
    /// `buildOS`, while the lookups say 15.0.
    package static func server(state: String, buildOS: String = "16.0") throws -> ServerProcess {
        let policy = try PreflightFixtures.policy(["appStoreConnect": [
            "territories": ["kr", "jp"],
            "versions": [["versionString": "1.9.0", "appVersionState": "REPLACED_WITH_NEW_VERSION"],
                         ["versionString": "2.0.0", "appVersionState": state, "releaseType": "MANUAL", "minOsVersion": buildOS,
                          "phasedRelease": ["phasedReleaseState": "ACTIVE", "currentDayNumber": 3, "startDate": "2026-11-21T00:00:00Z"]]],
        ]])
        return try ServerProcess(arguments: ["--asc-public-key", exampleKey, "--asc-key-id", keyID, "--asc-issuer-id", issuerID], policy: policy)
    }
}
