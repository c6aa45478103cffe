import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import ToasterServer
import ToasterTestSupport

/// The admin listener's routes and its token rules, in process.
@Suite struct AdminRoutesTests {
    @Test func theBearerSchemeIsCaseInsensitive() {
        #expect(BearerToken.parse("Bearer s3cret") == "s3cret")
        #expect(BearerToken.parse("bearer s3cret") == "s3cret")
        #expect(BearerToken.parse("BEARER   s3cret ") == "s3cret")
        #expect(BearerToken.parse("Basic s3cret") == nil)
        #expect(BearerToken.parse("Bearers3cret") == nil)
        #expect(BearerToken.parse(nil) == nil)
    }

    @Test func wrongTokensLockAnAddressOutUntilItsWindowEnds() {
        let clock = VirtualPace()
        let attempts = TokenAttempts(allowed: 2, window: .seconds(10), maximumAddresses: 2, now: { clock.instant })
        #expect(attempts.lockout(of: "10.0.0.1") == nil)
        #expect(attempts.failed(by: "10.0.0.1") == 1)
        #expect(attempts.failed(by: "10.0.0.1") == 0)
        #expect(attempts.lockout(of: "10.0.0.1") == 10)
        #expect(attempts.lockout(of: "10.0.0.2") == nil, "per address")
        clock.advance(.milliseconds(2500))
        #expect(attempts.lockout(of: "10.0.0.1") == 8, "rounded up")
        clock.advance(.milliseconds(7500))
        #expect(attempts.lockout(of: "10.0.0.1") == nil, "the window ended")
        #expect(attempts.failed(by: "10.0.0.1") == 1, "a new window")
    }

    @Test func rememberedAddressesAreBounded() {
        let clock = VirtualPace()
        let attempts = TokenAttempts(allowed: 1, window: .seconds(60), maximumAddresses: 2, now: { clock.instant })
        _ = attempts.failed(by: "a")
        clock.advance(.seconds(1))
        _ = attempts.failed(by: "b")
        _ = attempts.failed(by: "c")
        #expect(attempts.lockout(of: "a") == nil, "the oldest is forgotten")
        #expect(attempts.lockout(of: "b") != nil)
        #expect(attempts.lockout(of: "c") != nil)
    }

    @Test func aPolicyThatCannotBeWrittenIs500WithoutAPath() async throws {
        try await ExampleServer.run(place: { place in
            let path = place.appendingPathComponent("policy.json").path
            try FileManager.default.copyItem(atPath: Examples.policy.path, toPath: path)
            // A folder where the write's temporary file must go: creating the file fails, as on
            // a full or read-only disk (permissions would not stop root).
            try FileManager.default.createDirectory(atPath: "\(path).tmp-\(getpid())", withIntermediateDirectories: false)
            return path
        }) { client, store in
            let policy = try String(contentsOfFile: store.path, encoding: .utf8)
            try await client.execute(uri: "/admin/policy", method: .put, headers: [.authorization: "Bearer \(ExampleServer.token)"],
                                     body: ByteBuffer(string: policy)) { response in
                #expect(response.status == .internalServerError)
                let text = String(buffer: response.body)
                #expect(text.contains("could not be stored"))
                #expect(!text.contains(URL(fileURLWithPath: store.path).deletingLastPathComponent().path), "\(text)")
            }
        }
    }

    @Test func theAdminRoutesAreNotPublicAndThePublicOnesNotAdmin() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("policy.json").path
        try FileManager.default.copyItem(atPath: Examples.policy.path, toPath: path)
        let store = try PolicyStore(path: path, observability: Observability())
        let bearer: HTTPFields = [.authorization: "Bearer \(ExampleServer.token)"]
        let service = Application(router: ToasterRoutes.router(store: store, settings: ExampleServer.settings), logger: ExampleServer.quiet)
        try await service.test(.router) { client in
            for (uri, method) in [("/admin/policy", HTTPRequest.Method.get), ("/admin/policy", .put), ("/metrics", .get)] {
                try await client.execute(uri: uri, method: method, headers: bearer, body: ByteBuffer(string: "{}")) { response in
                    #expect(response.status == .notFound, "\(method) \(uri)")
                }
            }
        }
        let admin = Application(router: AdminRoutes.router(store: store, settings: ExampleServer.settings), logger: ExampleServer.quiet)
        try await admin.test(.router) { client in
            try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/admin/policy", method: .get, headers: bearer) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
