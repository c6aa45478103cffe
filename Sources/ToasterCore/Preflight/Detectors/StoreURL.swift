extension DetectedFinding {
    /// `store-url`: the alert's button must open this app's App Store page.
    enum StoreURL: Hashable {
        /// `trackID`: what the storefront's lookup answers, for the URL to use instead.
        case notAppStore(url: String, origin: PolicyCause, trackID: Int?)
        /// The URL names app `named`; the lookup answers `trackID`.
        case otherApp(url: String, origin: PolicyCause, named: String, trackID: Int)
    }
}

extension PreflightGrid {
    func storeURL(at cell: GridCell) -> DetectedFinding.StoreURL? {
        guard let decided = self[cell], decided.report.decision != .none else { return nil }
        let url = decided.report.updateURL, origin = decided.layer.urlCause, served = view(cell).served
        guard case .appStore = ExternalApp.opening(url, listing: nil) else {
            return .notAppStore(url: url, origin: origin, trackID: served?.trackID)
        }
        guard let trackID = served?.trackID, let named = url.firstMatch(of: /\/id([0-9]+)/).map({ String($0.1) }),
              named != String(trackID) else { return nil }
        return .otherApp(url: url, origin: origin, named: named, trackID: trackID)
    }
}
