extension DecisionReport {
    /// The report, saying so when the update leads nowhere: a minimum that forces this device
    /// (or, where the answer depends on the device, some group of devices) is above the version
    /// the store serves, so the forced user finds Open in the App Store and the alert comes back.
    /// Only where a store said its version (`SourceAnswer.storeVersion`: the demo store, a
    /// lookup, `--store-url`, `--store-version`); a service's own latest version is not the store's.
    public func noticingDeadEnd(_ answer: SourceAnswer) -> DecisionReport {
        guard let storeText = answer.storeVersion, let store = try? Version(storeText) else { return self }
        var forcing = [answer.minimumRequiredVersion].compactMap { $0 }
        if let remoteConfig {
            forcing += remoteConfig.outcomes.filter { $0.decision == .forced }.compactMap { $0.value(of: remoteConfig.keys.minimumRequired) }
        }
        guard let minimum = forcing.compactMap({ try? Version($0) }).filter({ current < $0 && store < $0 }).max() else { return self }
        var report = self
        report.deadEnd = true
        report.notices.append("dead end: the forced minimum \(minimum) is above \(store), the version the App Store serves: "
            + "users forced to it cannot get it there, the App Store shows Open and the alert comes back "
            + "(toastercli preflight finds this in every storefront before the policy ships)")
        return report
    }
}
