import ToasterCore

/// A Remote Config or CMS source with the App Store beside it, as on a device: the service
/// says what to do, the store says what an install brings (the simulated App Store's page,
/// and the release date and minimum OS the gates read). `store` is an App Store lookup
/// (`--store-url`) or the demo store's `--store-version`.
public struct SourceWithStore: VersionSource {
    public let service: any VersionSource
    public let store: any VersionSource

    public init(service: any VersionSource, store: any VersionSource) {
        self.service = service
        self.store = store
    }

    public var name: String { service.name }

    /// The service's answer with the store's listing. A store that cannot answer leaves the
    /// service's own (Remote Config's latest version, if any) and says so in a notice: the
    /// service's decision stands without it.
    public func fetchAnswer() throws(SourceError) -> SourceAnswer {
        withListing(try service.fetchAnswer())
    }

    public func fetchAnswer(realtimeAttempt: Int) throws(SourceError) -> SourceAnswer {
        withListing(try service.fetchAnswer(realtimeAttempt: realtimeAttempt))
    }

    private func withListing(_ answer: SourceAnswer) -> SourceAnswer {
        var answer = answer
        do {
            let store = try store.fetchAnswer()
            answer.listing = store.listing
            answer.storeVersion = store.storeVersion
        } catch {
            answer.notices.append("the App Store page has no listing: \(error.message)")
        }
        return answer
    }

    public func prepare() {
        service.prepare()
        store.prepare()
    }
}
