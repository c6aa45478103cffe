import Foundation
import Testing
import ToasterTestSupport

/// A REST client of the Remote Config API that nobody here wrote — `firebase-remote-config` from
/// PyPI, over google-auth's service-account credentials — pointed at toaster-server by its base
/// URL (`FIREBASE_REMOTE_CONFIG_URL`, its module constant): it reads, validates, publishes, lists,
/// reads a version and rolls back, and a stale ETag is its `VersionMismatchError`.
@Suite(.offThePool) struct RemoteConfigRESTClientTests {
    /// The client's release this test was written against.
    static let package = "firebase-remote-config==0.3.1"

    /// A virtual environment beside the test binaries holding the client, made on the first run
    /// (pip fetches it and google-auth from PyPI), as scripts/test makes the pytest kit's.
    static func python() throws -> String {
        let venv = Toolchain.binaryDirectory.appendingPathComponent("remote-config-venv").path
        let python = venv + "/bin/python"
        let ready = FileManager.default.fileExists(atPath: python) ? try Toolchain.run([python, "-c", "import firebase_remote_config"]).status == 0 : false
        if !ready {
            let made = try Toolchain.run(["python3", "-m", "venv", "--clear", venv])
            guard made.status == 0 else { throw TestFailure(description: "python3 -m venv failed (scripts/test installs python3-venv): \(made.stderr)") }
            let installed = try Toolchain.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", package], beyond: .seconds(300))
            guard installed.status == 0 else { throw TestFailure(description: "pip install \(package) failed: \(installed.stderr)") }
        }
        return python
    }

    static let script = #"""
        import json, sys
        from google.oauth2 import service_account
        import firebase_remote_config as rc
        from firebase_remote_config import client as rest, exceptions

        base, key = sys.argv[1], sys.argv[2]
        rest.FIREBASE_REMOTE_CONFIG_URL = base + "/v1/projects"
        credentials = service_account.Credentials.from_service_account_file(
            key, scopes=["https://www.googleapis.com/auth/firebase.remoteconfig"])
        client = rc.RemoteConfigClient(credentials, "toaster")
        seen = {}

        config = client.get_remote_config()
        seen["read"] = [config.template.version.versionNumber, config.etag]
        group = config.template.parameterGroups["force_update"]
        group.parameters["min_required_version"].defaultValue.value = "2.1.0"
        seen["validated"] = client.validate_remote_config(config).etag
        published = client.update_remote_config(config)
        seen["published"] = [published.template.version.versionNumber, published.template.version.updateType.value,
                             published.template.version.updateUser.email, published.etag]
        try:
            client.update_remote_config(config)
            seen["stale"] = "published"
        except exceptions.VersionMismatchError as error:
            seen["stale"] = str(error)
        seen["listed"] = [version.versionNumber for version in client.list_versions().versions]
        seen["paged"] = [version.versionNumber for version in client.list_versions(page_size=1).versions]
        old = client.get_remote_config("42")
        seen["old"] = [old.template.version.versionNumber,
                       old.template.parameterGroups["force_update"].parameters["min_required_version"].defaultValue.value]
        rolled = client.rollback("42")
        seen["rolledBack"] = [rolled.template.version.versionNumber, rolled.template.version.updateType.value,
                              rolled.template.version.rollbackSource, rolled.etag]
        print(json.dumps(seen))
        """#

    @Test func firebaseRemoteConfigFromPyPIPublishesListsAndRollsBack() async throws {
        let python = try Self.python()
        let key = try ServiceAccountFixtures.key()
        let server = try ServerProcess(arguments: ["--firebase-service-account",
                                                   try ServiceAccountFixtures.keyFile(key, tokenURI: "https://oauth2.googleapis.com/token")],
                                       policy: try Examples.policy())
        let clientKey = try ServiceAccountFixtures.keyFile(key, tokenURI: server.baseURL + "/token")
        let script = try PreflightFixtures.file(Self.script, "client.py")
        let result = try Toolchain.run([python, script, server.baseURL, clientKey])
        #expect(result.status == 0, "\(result.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(seen["read"] as? [String] == ["42", "etag-toaster-42"])
        #expect((seen["validated"] as? String)?.hasSuffix("-0") == true)
        #expect(seen["published"] as? [String] == ["43", "INCREMENTAL_UPDATE", ServiceAccountFixtures.email, "etag-toaster-43"])
        #expect((seen["stale"] as? String)?.contains("[VERSION_MISMATCH]: Expected version 42, found 43") == true, "\(seen)")
        #expect(seen["listed"] as? [String] == ["43", "42"])
        #expect(seen["paged"] as? [String] == ["43"])
        #expect(seen["old"] as? [String] == ["42", "1.0.0"])
        #expect(seen["rolledBack"] as? [String] == ["44", "ROLLBACK", "42", "etag-toaster-44"])
    }
}
