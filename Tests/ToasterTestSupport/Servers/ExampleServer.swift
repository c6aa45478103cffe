import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ToasterServer

/// The example policy, copied to a fresh folder and served in process with a known admin token
/// and CMS key: the public routes and the admin routes, each on its own application as the
/// server runs them, behind one client that sends `/admin/…` and `/metrics` to the admin one.
package enum ExampleServer {
    package static let token = "s3cret"
    package static let settings = ServerSettings(adminToken: token, cmsAPIKey: "cms-key")

    /// Only critical messages: a passing run's output stays clean of the 401 warnings.
    package static let quiet: Logger = {
        var logger = Logger(label: "toaster-server-tests")
        logger.logLevel = .critical
        return logger
    }()

    /// `place`: where the policy goes in the folder (the folder in, the path served out), for a
    /// test that needs a mode or a symbolic link.
    package static func run(observability: Observability = Observability(), attempts: TokenAttempts = TokenAttempts(),
                            place: (URL) throws -> String = { $0.appendingPathComponent("policy.json").path },
                            _ test: @Sendable (any TestClientProtocol, PolicyStore) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try place(folder)
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.copyItem(atPath: Examples.policy.path, toPath: path)
        }
        let store = try PolicyStore(path: path, observability: observability)
        let service = Application(router: ToasterRoutes.router(store: store, settings: settings, observability: observability), logger: quiet)
        let admin = Application(router: AdminRoutes.router(store: store, settings: settings, observability: observability, attempts: attempts),
                                logger: quiet)
        try await service.test(.router) { serviceClient in
            try await admin.test(.router) { adminClient in
                try await test(Listeners(service: serviceClient, admin: adminClient), store)
            }
        }
    }

    /// The two listeners' clients as one.
    private struct Listeners: TestClientProtocol {
        let service: any TestClientProtocol
        let admin: any TestClientProtocol

        var port: Int? { nil }

        func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
            let client = uri.hasPrefix("/admin/") || uri.hasPrefix("/metrics") ? admin : service
            return try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
        }
    }
}
