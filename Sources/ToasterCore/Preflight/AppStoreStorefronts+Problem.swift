extension AppStoreStorefronts {
    /// Why `code` is not a storefront, with the one it most likely meant; nil for a storefront.
    /// The one home of this sentence: `preflight --countries` and a toaster-server policy's
    /// `countries` both use it.
    public static func problem(_ code: String) -> String? {
        guard !all.contains(code) else { return nil }
        return "\"\(code)\" is not one of the \(all.count) App Store storefronts" + (nearest(to: code).map { "; did you mean \($0)?" } ?? "")
    }

    /// The storefront a code that is none most likely meant.
    static func nearest(to code: String) -> String? {
        // The United Kingdom's storefront is gb, as in ISO 3166; uk is the slip everyone makes.
        code.lowercased() == "uk" ? "gb" : NearestName.to(code.lowercased(), among: all)
    }
}
