import Foundation

/// The `--trace` file of a run, read as it grows.
package struct TraceLog {
    package let path: String

    /// Every line so far, as JSON objects.
    package func events() throws -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// A one-line summary of each event: `lifecycle sceneDidBecomeActive(_:)`, `alertPresented ForceUpdate`, …
    package func summary() throws -> [String] {
        try events().map { event in
            let name = event["event"] as? String ?? "?"
            switch name {
            case "lifecycle": return "lifecycle \(event["name"] as? String ?? "?")"
            case "alertPresented": return "alertPresented \(event["type"] as? String ?? "?")"
            case "alertDismissed": return "alertDismissed \(event["button"] as? String ?? "nil")"
            case "versionCheck": return "versionCheck \(event["decision"] as? String ?? "?")"
            case "realtimeAnnounced": return "realtimeAnnounced \(event["version"] as? String ?? "nil")"
            case "realtimeLost": return "realtimeLost \((event["status"] as? Int).map(String.init) ?? "nil")"
            default: return name
            }
        }
    }

    /// Polls until `predicate` holds for the summary.
    @discardableResult
    package func waitFor(_ what: String, _ predicate: ([String]) -> Bool) throws -> [String] {
        var last: [String] = []
        let found = try Polling.until { () throws -> [String]? in
            last = try summary()
            return predicate(last) ? last : nil
        }
        guard let found else { throw TestFailure(description: "timed out waiting for \(what) in the trace:\n\(last.joined(separator: "\n"))") }
        return found
    }

    package func count(_ line: String) throws -> Int {
        try summary().filter { $0 == line }.count
    }
}
