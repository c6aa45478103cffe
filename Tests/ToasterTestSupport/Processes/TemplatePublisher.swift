import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ToasterServices

/// A CI job publishing Remote Config templates to toaster-server's REST API: a service account
/// whose key the server is started with (`--firebase-service-account`), its access token from
/// the server's `POST /token` by toastercli's own exchange.
package struct TemplatePublisher: Sendable {
    package let key: String
    /// The key file to start the server with.
    package let serverKeyFile: String

    package init() throws {
        key = try ServiceAccountFixtures.key()
        serverKeyFile = try ServiceAccountFixtures.keyFile(key, tokenURI: "https://oauth2.googleapis.com/token")
    }

    /// An access token of `baseURL`'s token endpoint. Blocks (libcurl): off the pool only.
    package func token(_ baseURL: String) throws -> String {
        let file = try ServiceAccountFixtures.keyFile(key, tokenURI: baseURL + "/token")
        do { return try FirebaseServiceAccount(path: file, timeout: .seconds(10), trust: .system).accessToken() } catch {
            throw TestFailure(description: "no access token from \(baseURL): \(error)")
        }
    }

    /// `method url` with `token`: the status, the answer's text and its ETag.
    package func send(_ method: String, _ url: String, token: String, body: String? = nil,
                      headers: [String: String] = [:]) async throws -> (status: Int, text: String, eTag: String?) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), http?.value(forHTTPHeaderField: "ETag"))
    }
}
