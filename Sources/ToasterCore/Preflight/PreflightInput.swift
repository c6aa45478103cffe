import FoundationEssentials

/// One source of the policy about to be published (`--min-required-version`, a Remote Config
/// answer, a CMS object, a toaster-server policy), named as the findings quote it.
public struct PolicyLayer: Sendable, Equatable {
    public var name: String
    public var answer: SourceAnswer
    /// Set when the layer is what a Remote Config template gives one group of devices in one
    /// storefront on one version; `name` then names the condition that gave the minimum.
    public var template: TemplateOrigin?

    public init(name: String, answer: SourceAnswer, template: TemplateOrigin? = nil) {
        self.name = name
        self.answer = answer
        self.template = template
    }

    /// What in the layer made a decision for `reason`: from a template, the condition that gave
    /// the minimum (forced by it) or the latest version (an update by its kind); else the layer.
    func cause(of reason: DecisionReason) -> PolicyCause {
        guard let template else { return PolicyCause(name: name, condition: nil) }
        switch reason {
        case .belowMinimumRequired: return PolicyCause(template.minimum)
        case .major, .minor, .patch, .revision, .newerLatestVersion: return PolicyCause(template.latest ?? template.minimum)
        case .forcedRange, .upToDate, .nothingToCompare, .rememberedForced: return PolicyCause(name: name, condition: nil)
        }
    }

    /// What gave the update URL.
    var urlCause: PolicyCause { template.map { PolicyCause($0.storeURL) } ?? PolicyCause(name: name, condition: nil) }
}

/// What caused a finding, as its message names it (`condition japan_first`, `the template's
/// default`, `--min-required-version`) and as its `condition` member gives it.
struct PolicyCause: Sendable, Hashable {
    let name: String
    /// The template condition; nil for a default, or a layer not from a template.
    let condition: String?

    init(name: String, condition: String?) {
        self.name = name
        self.condition = condition
    }

    init(_ choice: RemoteConfigChoice?) {
        self.init(name: TemplatePolicy.origin(choice), condition: choice?.inTemplate == true ? choice?.condition : nil)
    }
}

/// Everything a preflight evaluates: the storefronts' answers, the policy, the installed base.
public struct PreflightInput: Sendable {
    public var storefronts: [String]
    public var answers: [LookupAnswer]
    /// Lookups that never answered: their storefronts are reported, not evaluated.
    public var unanswered: [UnansweredLookup]
    /// Combined as an app combines its sources: each is decided against the store's answer and
    /// the strongest decision wins (forced over optional over none).
    public var layers: [PolicyLayer]
    /// A Remote Config template as one more layer, after `layers`: evaluated per storefront,
    /// installed version and group of devices.
    public var template: TemplatePolicy?
    /// nil: the versions the policy and the store name.
    public var installed: [InstalledGroup]?
    /// `--rules`; nil: each layer's own meaning (only a minimum forces where one is named).
    public var rules: UpdateRules?
    /// The app id behind the default update URL; nil: the storefront's `trackId`.
    public var appID: String?
    public var now: Date
    public var minimumReleaseAge: Duration
    /// What App Store Connect knows, when preflight was given a key to ask it.
    public var appStoreConnect: AppStoreConnectFacts?

    public init(storefronts: [String], answers: [LookupAnswer], unanswered: [UnansweredLookup] = [], layers: [PolicyLayer],
                installed: [InstalledGroup]?, rules: UpdateRules? = nil, appID: String?, now: Date, minimumReleaseAge: Duration = .seconds(86_400)) {
        self.storefronts = storefronts
        self.answers = answers
        self.unanswered = unanswered
        self.layers = layers
        self.installed = installed
        self.rules = rules
        self.appID = appID
        self.now = now
        self.minimumReleaseAge = minimumReleaseAge
    }
}

/// A version in the published policy that cannot be read: the policy must be fixed first.
public struct PreflightError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
}
