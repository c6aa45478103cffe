import _CryptoExtras
import Foundation

/// Google service accounts' JSON keys, made in the test: a fresh RSA key each, as the console
/// downloads one. Keys travel as their PEM text, so that a test needs no crypto module.
package enum ServiceAccountFixtures {
    package static let email = "preflight@toaster-test.iam.gserviceaccount.com"

    /// A new 2048-bit RSA private key's PEM.
    package static func key() throws -> String { try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation }

    /// The key file's text, with `tokenURI`.
    package static func keyJSON(_ pem: String, tokenURI: String, email: String = email) throws -> String {
        let object: [String: Any] = ["type": "service_account", "project_id": "toaster-test", "private_key_id": "k1",
                                     "private_key": pem, "client_email": email, "token_uri": tokenURI]
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// The key file, written to a temporary file.
    package static func keyFile(_ pem: String, tokenURI: String, email: String = email) throws -> String {
        try PreflightFixtures.file(try keyJSON(pem, tokenURI: tokenURI, email: email), "account.json")
    }
}
