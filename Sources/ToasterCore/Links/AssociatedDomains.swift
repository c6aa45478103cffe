/// The apple-app-site-association files `links check` was given: one without a domain (a file
/// on disk, checked against every URL), or one per domain, each URL answered from the file of
/// its host as iOS answers it.
public struct AssociatedDomains: Sendable {
    /// A file and the domain it was fetched for; nil for a file given by path.
    public struct Site: Sendable {
        public let domain: LinkDomain?
        public let file: AssociatedDomainsFile

        public init(domain: LinkDomain?, file: AssociatedDomainsFile) {
            self.domain = domain
            self.file = file
        }
    }

    public let sites: [Site]

    public init(_ sites: [Site]) {
        self.sites = sites
    }

    /// Every file's warnings; with several files, each place starts with its domain.
    public var warnings: [LinkWarning] {
        sites.flatMap { site in site.file.warnings.map { placed($0, site) } }
    }

    public func verdict(for url: String, appID: String) -> LinkVerdict {
        if sites.count == 1, sites[0].domain == nil { return sites[0].file.verdict(for: url, appID: appID) }
        guard case .success(let parsed) = LinkURL.parse(url) else {
            // Why the URL cannot be a universal link, the same whichever file.
            return sites[0].file.verdict(for: url, appID: appID)
        }
        guard let site = sites.first(where: { $0.domain == parsed.domain }) else {
            let given = sites.compactMap { $0.domain?.description }.joined(separator: ", ")
            return LinkVerdict(url: url, outcome: .noMatch, path: PercentEncoding.decode(parsed.path), decidedBy: nil,
                               reason: "no file was given for \(parsed.domain) (only for \(given))", nearMiss: nil, warnings: [])
        }
        let verdict = site.file.verdict(for: url, appID: appID)
        return LinkVerdict(url: verdict.url, outcome: verdict.outcome, path: verdict.path, decidedBy: verdict.decidedBy,
                           reason: verdict.reason, nearMiss: verdict.nearMiss, warnings: verdict.warnings.map { placed($0, site) })
    }

    private func placed(_ warning: LinkWarning, _ site: Site) -> LinkWarning {
        guard sites.count > 1, let domain = site.domain else { return warning }
        return LinkWarning(place: "\(domain) \(warning.place)", message: warning.message)
    }
}
