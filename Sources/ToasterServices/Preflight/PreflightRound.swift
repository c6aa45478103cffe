import FoundationEssentials
import Synchronization
import ToasterCore

/// One round of `preflight`, as `VersionCheck` is one check: App Store Connect's facts and the
/// storefronts' lookups in, a report out. It holds nothing but its inputs, so any thread may
/// run it: the command once, `--watch` a round at a time in lines, the board on a background
/// thread while it reads keys.
public struct PreflightRound: Sendable {
    public let lookups: StorefrontLookups
    /// nil when preflight was given no App Store Connect key.
    public let appStoreConnect: AppStoreConnectClient?
    public let appID: String?
    public let bundleID: String?
    /// The Remote Config template that is the policy, read again every round; nil without one.
    public let template: PublishedTemplate?

    public init(lookups: StorefrontLookups, appStoreConnect: AppStoreConnectClient?, appID: String?, bundleID: String?, template: PublishedTemplate? = nil) {
        self.lookups = lookups
        self.appStoreConnect = appStoreConnect
        self.appID = appID
        self.bundleID = bundleID
        self.template = template
    }

    /// `input` with the template as it is now, read afresh (a fix may have been published
    /// since the last round); unchanged without a template.
    public func withTemplate(_ input: PreflightInput) throws(SourceError) -> PreflightInput {
        guard let template else { return input }
        var read = input
        read.template = try template.read(now: input.now)
        return read
    }

    /// What App Store Connect knows now, read afresh (a version's state changes when someone
    /// releases it); nil without a key.
    public func facts() throws(SourceError) -> AppStoreConnectFacts? {
        try appStoreConnect?.facts(appID: appID, bundleID: bundleID)
    }

    /// The lookups of a round over `storefronts`: each storefront by every key given.
    public func requests(_ storefronts: [String]) -> [LookupRequest] {
        StorefrontLookups.requests(storefronts: storefronts, keys: [appID.map(LookupRequest.Key.id), bundleID.map(LookupRequest.Key.bundleID)].compactMap { $0 })
    }

    /// Asks the storefronts of `input` and evaluates their answers with the rest of it (its
    /// App Store Connect facts included). `progress` hears the requests done, of how many, and
    /// how long the rate alone keeps the rest from starting; `soFar` keeps what comes, for a
    /// report should a signal stop the run.
    public func report(_ input: PreflightInput, soFar: RoundSoFar? = nil,
                       progress: @escaping @Sendable (_ done: Int, _ total: Int, _ paced: Duration) -> Void = { _, _, _ in }) -> PreflightReport {
        let limiter = lookups.limiter
        let asked = requests(input.storefronts)
        soFar?.start(input, requests: asked)
        let found = lookups.ask(asked, progress: { done, total in progress(done, total, limiter?.timeToStart(total - done) ?? .zero) },
                                each: { request, outcome in soFar?.record(request, outcome) })
        var evaluated = input
        evaluated.answers = found.answers
        evaluated.unanswered = found.unanswered
        do {
            var report = try evaluated.evaluate()
            report.safeAt = evaluated.safeAt(report)
            return report
        } catch {
            return .unfinished(now: input.now, error: "\(error)")
        }
    }

    /// The rounds of the storefront board, which evaluates as answers come: each reads the
    /// template and App Store Connect again, then asks its requests, posting every answer and failure as it
    /// comes. The first round posts `first`, the facts read a moment ago to choose the storefronts.
    public func boardRounds(first: AppStoreConnectFacts?) -> @Sendable (_ requests: [LookupRequest], _ post: @escaping @Sendable (BoardEvent) -> Void) -> Void {
        let unused = Mutex(first)
        return { requests, post in
            if let template {
                // `--watch` reads the real clock, so the template's dateTime rules read it too.
                do throws(SourceError) { post(.template(try template.read(now: Date()))) } catch {
                    post(.templateFailed(reason: error.message))
                }
            }
            if appStoreConnect != nil {
                if let fresh = unused.withLock({ facts in defer { facts = nil }; return facts }) {
                    post(.appStoreConnect(fresh))
                } else {
                    do throws(SourceError) {
                        if let facts = try facts() { post(.appStoreConnect(facts)) }
                    } catch {
                        post(.appStoreConnectFailed(reason: error.message))
                    }
                }
            }
            _ = lookups.ask(requests, each: { request, result in
                switch result {
                case .success(let answer): post(.answered(answer))
                case .failure(let error): post(.failed(request, reason: error.message))
                }
            })
        }
    }
}
