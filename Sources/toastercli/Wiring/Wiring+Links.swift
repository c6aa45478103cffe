import ToasterCommandLine
import ToasterCore
import ToasterServices

extension Wiring {
    /// The environment variable that replaces Apple's CDN for `links check --cdn`: a URL
    /// prefix to which the domain is appended (for tests, or a mirror).
    static let aasaCDNVariable = "TOASTER_AASA_CDN"

    /// `links check`'s apple-app-site-association files, each `--aasa` read from its file or,
    /// for a domain, fetched as iOS fetches it (from Apple's CDN with `cdn`), and what the
    /// fetches warned of. An unusable one ends the command with status 1 here.
    static func associatedSites(_ plan: LinksPlan) throws(CommandExit) -> (sites: [AssociatedDomains.Site], warnings: [LinkWarning]) {
        var sites: [AssociatedDomains.Site] = [], warnings: [LinkWarning] = []
        let fetcher = AssociationFetcher(timeout: plan.timeout, trust: plan.trust)
        let cdnPrefix = plan.cdn ? Environment.value(Self.aasaCDNVariable) ?? AssociationFetcher.appleCDN : nil
        for (argument, domain) in plan.files {
            guard let domain else {
                do { sites.append(.init(domain: nil, file: try AssociatedDomainsFile.load(argument))) } catch {
                    throw CommandExit.unusable("--aasa: \(error.description)")
                }
                continue
            }
            let url = AssociationFetcher.url(domain: domain, cdn: cdnPrefix)
            let fetched: AssociationFetcher.Fetched
            do { fetched = try fetcher.fetch(url) } catch { throw CommandExit.unusable(error.message) }
            warnings += fetched.warnings.map { LinkWarning(place: url, message: $0) }
            do { sites.append(.init(domain: domain, file: try AssociatedDomainsFile(data: fetched.data))) } catch {
                throw CommandExit.unusable("\(url): \(error)")
            }
        }
        return (sites, warnings)
    }
}
