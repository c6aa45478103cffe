import FoundationEssentials

/// Why an alert the rules call for is not shown (the gates of docs/08-policy.md).
public enum HoldBack: Sendable, Equatable {
    /// The store version is younger than `--released-for-days`: the lookup CDN can be ahead of
    /// the binary users can download.
    case releaseAge(releasedAt: Date, days: Int)
    /// `--released-for-days` was asked for, but the answer gives no readable release date to
    /// count from: held, as Siren does, rather than prompting as if the version were old enough.
    case releaseDateUnknown(days: Int)
    /// The store version needs a newer OS than `--os-version`: the update cannot be installed.
    case osVersion(required: String, device: String)
    /// The optional alert was shown at `shownAt`; its rule's frequency keeps it away until `until`.
    case frequency(shownAt: Date, until: Date)
    /// The user chose `이 버전 건너뛰기` for this store version.
    case skippedVersion(String)

    /// The gate's name in `check`'s JSON and the trace.
    public var name: String {
        switch self {
        case .releaseAge, .releaseDateUnknown: "releaseAge"
        case .osVersion: "osVersion"
        case .frequency: "frequency"
        case .skippedVersion: "skippedVersion"
        }
    }

    public var explanation: String {
        switch self {
        case let .releaseAge(releasedAt, days):
            "released \(ISO8601.format(releasedAt)), prompts \(days) day\(days == 1 ? "" : "s") after release"
        case .releaseDateUnknown(let days):
            "no release date to count \(days) day\(days == 1 ? "" : "s") from"
        case let .osVersion(required, device):
            "needs OS \(required), the device runs \(device)"
        case let .frequency(shownAt, until):
            "last shown \(ISO8601.format(shownAt)), not again before \(ISO8601.format(until))"
        case .skippedVersion(let version):
            "version \(version) was skipped"
        }
    }
}
