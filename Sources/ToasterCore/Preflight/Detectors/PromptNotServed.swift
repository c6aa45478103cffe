extension DetectedFinding {
    /// `prompt-not-served`: an optional alert offering a version the storefront does not serve,
    /// so the App Store offers an older one, or shows Open to users already on it.
    struct PromptNotServed: Hashable {
        let latest: String
        /// nil: the storefront does not list the app.
        let served: String?
        let cause: PolicyCause
    }
}

extension PreflightGrid {
    func promptNotServed(at cell: GridCell) -> DetectedFinding.PromptNotServed? {
        let view = self.view(cell)
        guard let decided = self[cell], decided.report.decision == .optional, let latest = decided.report.latest else { return nil }
        if let servedVersion = view.servedVersion, latest <= servedVersion { return nil }
        // An unreadable store version is a version-string finding of its own.
        if view.served != nil, view.servedVersion == nil { return nil }
        return DetectedFinding.PromptNotServed(latest: "\(latest)", served: view.served?.listing.version,
                                               cause: decided.layer.cause(of: decided.report.reason))
    }
}
