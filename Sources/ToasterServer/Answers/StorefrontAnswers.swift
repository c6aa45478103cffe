import FoundationEssentials
import ToasterCore
import ToasterPolicy
import ToasterWire

/// A storefront's lookup answers: the current release, and the previous one served before
/// the release (and, in a lagging form, for a while after it).
struct StorefrontAnswers: Sendable {
    let current: EncodedAnswer
    let previous: EncodedAnswer?
    let releasedAt: Date?
    let lag: AnswerLag?

    init(_ app: AppPolicy, country: String) {
        let release = app.release(in: country)
        current = EncodedAnswer(ServiceAnswers.lookup(app, release: release.current, country: country), contentType: AppStoreLookupAPI.contentType)
        previous = release.previous.map {
            EncodedAnswer(ServiceAnswers.lookup(app, release: $0, country: country), contentType: AppStoreLookupAPI.contentType)
        }
        releasedAt = release.current.releaseDate.flatMap(ISO8601.parse)
        lag = release.lag
    }

    func answer(queryForm: Bool, byBundleID: Bool, now: Date) -> EncodedAnswer {
        guard let previous, let releasedAt else { return current }
        let lagging = max(queryForm ? lag?.query ?? 0 : 0, byBundleID ? lag?.bundleId ?? 0 : 0)
        return now < releasedAt.addingTimeInterval(lagging) ? previous : current
    }
}
