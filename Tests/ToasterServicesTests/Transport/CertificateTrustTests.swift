import Testing
@testable import ToasterServices

/// Which CA certificates a fetch trusts, chosen the way the curl tool chooses them.
@Suite struct CertificateTrustTests {
    private func chosen(_ environment: [String: String], option caFile: String? = nil) -> CertificateTrust {
        CertificateTrust.choosing(caFile: caFile, environment: { environment[$0] })
    }

    @Test func theOptionWinsOverEveryVariable() {
        let trust = chosen(["CURL_CA_BUNDLE": "/bundle.pem", "SSL_CERT_FILE": "/file.pem", "SSL_CERT_DIR": "/dir"], option: "/option.pem")
        #expect(trust == CertificateTrust(file: "/option.pem", directory: nil, origin: "--ca-file"))
    }

    @Test func curlsOrderThenTheFirstVariableSetAlone() {
        #expect(chosen(["CURL_CA_BUNDLE": "/bundle.pem", "SSL_CERT_FILE": "/file.pem", "SSL_CERT_DIR": "/dir"])
            == CertificateTrust(file: "/bundle.pem", directory: nil, origin: "CURL_CA_BUNDLE"))
        #expect(chosen(["SSL_CERT_FILE": "/file.pem", "SSL_CERT_DIR": "/dir"])
            == CertificateTrust(file: nil, directory: "/dir", origin: "SSL_CERT_DIR"))
        #expect(chosen(["SSL_CERT_FILE": "/file.pem"]) == CertificateTrust(file: "/file.pem", directory: nil, origin: "SSL_CERT_FILE"))
        #expect(chosen([:]) == .system)
    }
}
