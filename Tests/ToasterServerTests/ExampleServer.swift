import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ToasterServer

/// The example policy, copied to a fresh folder and served in process with a known admin token
/// and CMS key.
enum ExampleServer {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/policy.json").standardizedFileURL
    static let token = "s3cret"

    /// `place`: where the policy goes in the folder (the folder in, the path served out), for a
    /// test that needs a mode or a symbolic link.
    static func run(observability: Observability = Observability(),
                    place: (URL) throws -> String = { $0.appendingPathComponent("policy.json").path },
                    _ test: @Sendable (any TestClientProtocol, PolicyStore) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try place(folder)
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.copyItem(atPath: example.path, toPath: path)
        }
        let store = try PolicyStore(path: path, observability: observability)
        let router = ToasterRoutes.router(store: store, settings: ServerSettings(adminToken: token, cmsAPIKey: "cms-key"))
        try await Application(router: router).test(.router) { client in try await test(client, store) }
    }
}
