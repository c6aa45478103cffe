import ToasterCore
import ToasterServices

/// `links check`'s files, read once by its validate(): each `--aasa` as given, with its domain
/// when it is an https origin to fetch (nil: a file), and how a fetch goes.
struct LinksPlan {
    var files: [(argument: String, domain: LinkDomain?)]
    /// Fetch each domain's file from Apple's CDN, as devices get it.
    var cdn: Bool
    var timeout: Duration
    var trust: CertificateTrust
}
