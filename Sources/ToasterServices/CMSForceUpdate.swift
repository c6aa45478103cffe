import FoundationEssentials
import ToasterCore

/// The force-update object of the microCMS seed. Dates come with and without fractional
/// seconds; `publishedAt` may be null.
struct CMSForceUpdate: Decodable, Sendable {
    let title: String?
    let message: String?
    let startDate: String?
    let endDate: String?
    let minAppVersion: String
    let maxAppVersion: String
    let buttonTitle: String?
    let url: String?
    let publishedAt: String?

    func date(_ text: String?, _ field: String) throws(SourceError) -> Date? {
        guard let text else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw SourceError("CMS answer is unusable: \"\(field)\" is not an ISO 8601 date (\(text))")
        }
        return date
    }
}
