import FoundationEssentials
import Testing
@testable import ToasterServices
import ToasterCore

@Suite struct AppStoreSourceTests {
    /// A lookup entry shaped like the real API's, `fileSizeBytes` a string among them.
    static let fullEntry = #"""
    {"resultCount":1,"results":[{"isGameCenterEnabled":false,"features":[],"supportedDevices":["iPhone12-iPhone12"],
    "advisories":[],"kind":"software","trackCensoredName":"토스터 TOASTER","fileSizeBytes":"52428800",
    "minimumOsVersion":"16.0","trackViewUrl":"https://apps.apple.com/kr/app/toaster/id6476226584?uo=4",
    "currentVersionReleaseDate":"2025-01-20T08:00:00Z","releaseNotes":"버그 수정\n성능 개선","version":"1.2.0",
    "trackId":6476226584,"trackName":"토스터 TOASTER","bundleId":"com.toaster.app","price":0.00,"averageUserRating":4.8}]}
    """#

    private func answer(_ json: String) throws -> SourceAnswer {
        let path = "/tmp/toaster-lookup-\(UUID().uuidString).json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try AppStoreSource(location: ToasterServices.SourceLocation(parsing: "file://" + path), app: .id("1"), country: "kr",
                                        cacheBuster: { "1" }).fetchAnswer()
    }

    @Test func decodesARealShapedEntry() throws {
        let answer = try answer(Self.fullEntry)
        #expect(answer.latestVersion == "1.2.0")
        #expect(answer.updateURL == "itms-apps://itunes.apple.com/app/id6476226584")
        #expect(answer.listing?.appName == "토스터 TOASTER")
        #expect(answer.listing?.releaseDate == "2025-01-20T08:00:00Z")
        #expect(answer.listing?.minimumOSVersion == "16.0")
        #expect(answer.listing?.releaseNotes == "버그 수정\n성능 개선")
    }

    @Test func noResultsIsAppNotFound() {
        #expect(throws: SourceError(.notListed, "app not found in store kr")) {
            try answer(#"{"resultCount":0,"results":[]}"#)
        }
    }

    @Test(arguments: [
        ("<html><body>503 Service Unavailable</body></html>", "it is not JSON"),
        (#"{"resultCount":1}"#, "top level: no \"results\""),
        (#"{"resultCount":1,"results":[{"version":2}]}"#, "results[0].version: 2 is not a string"),
        (#"{"resultCount":1,"results":[{"version":"2.0.0","trackId":1.5}]}"#, "results[0].trackId: 1.5 is not a whole number"),
        (#"{"resultCount":1,"results":[{"version":"2.0.0","trackId":1e400}]}"#,
         "results[0].trackId: 1e400 is not a whole number between -9223372036854775808 and 9223372036854775807"),
        (#"{"resultCount":1,"results":[{"version":"2.0.0","trackId":99999999999999999999999}]}"#,
         "results[0].trackId: 99999999999999999999999 is not a whole number between"),
        ("[1,2]", "is unusable: top level: an array is not an object"),
    ])
    func unusableAnswersSayWhy(json: String, fragment: String) {
        do {
            _ = try answer(json)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains(fragment), "\(error)")
            #expect("\(error)".contains("App Store lookup answer from /tmp/toaster-lookup-"), "names the file: \(error)")
        }
    }

    @Test func locationsAreCheckedUpFront() throws {
        #expect(throws: SourceError.self) { try ToasterServices.SourceLocation(parsing: "ftp://example.com/x") }
        #expect(throws: SourceError.self) { try ToasterServices.SourceLocation(parsing: "not a url") }
        #expect(throws: SourceError.self) { try ToasterServices.SourceLocation(parsing: "http:///lookup") }
        #expect(try ToasterServices.SourceLocation(parsing: "file:///tmp/x.json") == .file(path: "/tmp/x.json"))
        #expect(try ToasterServices.SourceLocation(parsing: "https://itunes.apple.com/lookup") == .web(url: "https://itunes.apple.com/lookup"))
    }

    @Test func missingDirectoryAndDeviceFilesAreRefusedNotHangs() {
        for path in ["/nonexistent/lookup.json", "/tmp", "/dev/zero"] {
            #expect(throws: SourceError.self) {
                try AppStoreSource(location: .file(path: path), app: .id("1"), country: "kr", cacheBuster: { "1" }).fetchAnswer()
            }
        }
    }
}
