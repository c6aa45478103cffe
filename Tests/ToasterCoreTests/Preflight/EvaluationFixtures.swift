import FoundationEssentials
@testable import ToasterCore

/// What the preflight evaluation suites share: a clock reading, lookups and answers for app 42,
/// and a minimum as a policy layer.
enum Evaluation {
    static let now = ISO8601.parse("2026-11-22T09:00:00Z")!
    static let longAgo = "2026-11-01T00:00:00Z"

    static func entry(_ version: String, released: String = longAgo, minimumOS: String? = "15.0", trackID: Int = 42) -> LookupEntry {
        LookupEntry(listing: StoreListing(appName: "Toaster", version: version, releaseDate: released, minimumOSVersion: minimumOS),
                    trackID: trackID, bundleID: "com.example.toaster")
    }

    static func request(_ storefront: String, _ form: LookupRequest.Form) -> LookupRequest {
        LookupRequest(storefront: storefront, key: .id("42"), form: form)
    }

    /// Both forms of the id lookup in each storefront, as a round asks them.
    static func requests(_ storefronts: [String]) -> [LookupRequest] {
        storefronts.flatMap { [request($0, .query), request($0, .path)] }
    }

    /// Both forms of the id lookup in `storefront`; `query` overrides the query form's answer.
    static func answers(_ storefront: String, _ entry: LookupEntry?, query: LookupEntry?? = .none) -> [LookupAnswer] {
        [LookupAnswer(request: LookupRequest(storefront: storefront, key: .id("42"), form: .query), entry: query ?? entry),
         LookupAnswer(request: LookupRequest(storefront: storefront, key: .id("42"), form: .path), entry: entry)]
    }

    static func minimum(_ version: String) -> PolicyLayer {
        PolicyLayer(name: "--min-required-version", answer: SourceAnswer(minimumRequiredVersion: version))
    }
}
