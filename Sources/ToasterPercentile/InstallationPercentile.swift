import Crypto
import ToasterCore

/// Where Firebase's server places an installation for a percent condition: SHA-256 of
/// `SEED.ID` (the ID alone without a seed), read as one unsigned big-endian number, modulo
/// 10⁸ micro-percents — the function of Firebase's server-side evaluators
/// (firebase-admin-go `remoteconfig/condition_evaluator.go`, `computeInstanceMicroPercentile`).
/// One home: toastercli's `--installation-id` and toaster-server's fetch place a device alike.
public enum InstallationPercentile {
    /// The installation's percentile for `seed`, in micro-percents (0 ..< 100 000 000).
    public static func micro(seed: String, installationID: String) -> Int {
        let digest = SHA256.hash(data: Array(((seed.isEmpty ? "" : seed + ".") + installationID).utf8))
        let whole = UInt64(PercentRange.whole)
        return Int(digest.reduce(UInt64(0)) { ($0 << 8 | UInt64($1)) % whole })
    }

    /// The installation's percentile for each of `seeds`.
    public static func bySeed(_ seeds: [String], installationID: String) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: seeds.map { ($0, micro(seed: $0, installationID: installationID)) })
    }
}
