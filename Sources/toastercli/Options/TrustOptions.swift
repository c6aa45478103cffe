import ArgumentParser
import ToasterCommandLine
import ToasterServices

/// `--ca-file`, for every command that fetches over https.
struct TrustOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Trust the CA certificates in this PEM file for https:// services instead of the system's (else CURL_CA_BUNDLE, SSL_CERT_DIR or SSL_CERT_FILE, as curl reads them).",
        valueName: "file"))
    var caFile: String?

    func validate() throws {
        guard let caFile else { return }
        // Unreadable is an input error (status 1), like the other files the program reads.
        do { try CertificateTrust.checkCAFile(caFile) } catch { throw CommandExit.unusable("--ca-file: \(error.message)") }
    }

    /// The CA certificates https:// fetches trust.
    func trust() -> CertificateTrust {
        CertificateTrust.choosing(caFile: caFile, environment: Environment.value)
    }
}
