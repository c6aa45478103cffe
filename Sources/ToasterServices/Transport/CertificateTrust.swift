import FoundationEssentials
import ToasterFiles

/// Which certificate authorities an https:// fetch trusts: libcurl's built-in ones (the
/// system's store) unless the user names others, chosen the way the curl tool chooses them.
public struct CertificateTrust: Sendable, Equatable {
    /// A PEM file of CA certificates (libcurl's CAINFO), and a hashed folder of them (CAPATH).
    public let file: String?
    public let directory: String?
    /// What named them (`--ca-file`, `SSL_CERT_FILE`, …), for the sentence a failure becomes.
    public let origin: String?

    public static let system = CertificateTrust(file: nil, directory: nil, origin: nil)

    /// More than any CA bundle (Debian's holds 140 certificates in 220 KB).
    static let maximumBytes = 16 << 20

    /// `caFile` (a command-line option, checked by `caFile(_:)`) wins; otherwise the environment
    /// as the curl tool reads it, where libcurl alone reads none of these: `CURL_CA_BUNDLE`,
    /// else `SSL_CERT_DIR`, else `SSL_CERT_FILE` — the first one set, and only that one.
    public static func choosing(caFile: String?, environment: (String) -> String?) -> CertificateTrust {
        if let caFile { return CertificateTrust(file: caFile, directory: nil, origin: "--ca-file") }
        if let bundle = environment("CURL_CA_BUNDLE") { return CertificateTrust(file: bundle, directory: nil, origin: "CURL_CA_BUNDLE") }
        if let folder = environment("SSL_CERT_DIR") { return CertificateTrust(file: nil, directory: folder, origin: "SSL_CERT_DIR") }
        if let file = environment("SSL_CERT_FILE") { return CertificateTrust(file: file, directory: nil, origin: "SSL_CERT_FILE") }
        return .system
    }

    /// Checks that `path` is a readable file holding at least one PEM certificate, before any
    /// request: a wrong path should not look like an untrusted server.
    public static func checkCAFile(_ path: String) throws(SourceError) {
        let data: Data
        do { data = try BoundedFile.read(path, limit: maximumBytes) } catch { throw SourceError(.misconfigured, error.description) }
        guard data.firstRange(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
            throw SourceError(.misconfigured, "\(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
    }
}
