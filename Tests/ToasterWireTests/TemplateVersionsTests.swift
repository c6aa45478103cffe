import FoundationEssentials
import Testing
import ToasterCore
import ToasterWire

/// The template history's shapes (`RemoteConfigAPI+Versions`): written as toaster-server
/// writes them and read back with the strict reader, and read as Google's reference and clients
/// write them.
@Suite struct TemplateVersionsTests {
    static let version = RemoteConfigAPI.Version(
        versionNumber: "122", updateTime: "2026-11-28T15:00:00.123Z", updateUser: .init(email: "ci@toaster.iam.gserviceaccount.com"),
        description: "roll back the forced 2.1.0", updateOrigin: .adminSDKNode, updateType: .rollback, rollbackSource: "118")

    @Test func aVersionAndAPageOfThem() throws {
        #expect(try RoundTripTests.roundTrip(Self.version)
            == #"{"description":"roll back the forced 2.1.0","rollbackSource":"118","updateOrigin":"ADMIN_SDK_NODE","#
            + #""updateTime":"2026-11-28T15:00:00.123Z","updateType":"ROLLBACK","updateUser":{"email":"ci@toaster.iam.gserviceaccount.com"},"#
            + #""versionNumber":"122"}"#)
        try RoundTripTests.roundTrip(RemoteConfigAPI.ListVersionsResult(versions: [Self.version], nextPageToken: "121"))
        // An empty history is still a list: clients read `versions` as required.
        #expect(try RoundTripTests.roundTrip(RemoteConfigAPI.ListVersionsResult(versions: [], nextPageToken: nil)) == #"{"versions":[]}"#)
    }

    /// As the reference writes a `Version` (isLegacy, a user's name and picture), every field read.
    @Test func aVersionAsGoogleWritesIt() throws {
        let json = #"{"versionNumber":"6","updateTime":"2020-02-25T23:16:35.614530Z","updateUser":{"name":"Jane","email":"jane@example.com","#
            + #""imageUrl":"https://example.com/jane.png"},"updateOrigin":"CONSOLE","updateType":"INCREMENTAL_UPDATE","isLegacy":false}"#
        let read = try StrictJSON.decode(RemoteConfigAPI.Version.self, from: Data(json.utf8)).value
        #expect(read.versionNumber == "6")
        #expect(read.updateUser == .init(email: "jane@example.com", name: "Jane", imageUrl: "https://example.com/jane.png"))
        #expect(read.updateType == RemoteConfigAPI.UpdateType.incremental.rawValue)
        #expect(read.isLegacy == false)
    }

    /// The Admin SDKs send the number as a string; an int64 may come as a JSON number.
    @Test(arguments: [#"{"versionNumber":"118"}"#, #"{"versionNumber":118}"#]) func theRollbackBody(json: String) throws {
        #expect(try StrictJSON.decode(RemoteConfigAPI.RollbackRequest.self, from: Data(json.utf8)).value.versionNumber == "118")
        #expect(try RoundTripTests.roundTrip(RemoteConfigAPI.RollbackRequest(versionNumber: "118")) == #"{"versionNumber":"118"}"#)
    }

    @Test func pathsAndETags() {
        #expect(RemoteConfigAPI.listVersionsPath(project: "toaster") == "/v1/projects/toaster/remoteConfig:listVersions")
        #expect(RemoteConfigAPI.rollbackPath(project: "1234567890") == "/v1/projects/1234567890/remoteConfig:rollback")
        let eTag = RemoteConfigAPI.eTag(project: "toaster", version: 42)
        #expect(eTag == "etag-toaster-42")
        #expect(RemoteConfigAPI.version(eTag: eTag, project: "toaster") == 42)
        #expect(RemoteConfigAPI.version(eTag: eTag, project: "other") == nil)
        #expect(RemoteConfigAPI.version(eTag: "\"0f3a\"", project: "toaster") == nil)
        #expect(RemoteConfigAPI.eTag(project: "toaster", version: 0).hasSuffix(RemoteConfigAPI.validatedETagSuffix))
        #expect(RemoteConfigAPI.versionMismatch(expected: 3, current: 4).hasPrefix("[VERSION_MISMATCH]: Expected version 3, found 4"))
    }
}
