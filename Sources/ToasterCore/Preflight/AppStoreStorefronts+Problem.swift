extension AppStoreStorefronts {
    /// Why `code` is not a storefront, with the one it most likely meant; nil for a storefront.
    /// The one home of this sentence: `preflight --countries`, `check` and `run --country`, and
    /// a toaster-server policy's `countries` all use it.
    public static func problem(_ code: String) -> String? {
        guard !all.contains(code) else { return nil }
        return "\"\(code)\" is not one of the \(all.count) App Store storefronts" + (nearest(to: code).map { "; did you mean \($0)?" } ?? "")
    }

    /// The storefront a code that is none most likely meant: the alpha-3 code StoreKit and App
    /// Store Connect give (`deu`), a country's name (`germany`, `South Korea`, one word of it when
    /// only one name has it: `korea`), or a slip of the keyboard.
    static func nearest(to code: String) -> String? {
        let typed = code.lowercased()
        // The United Kingdom's storefront is gb, as in ISO 3166; uk is the slip everyone makes.
        if typed == "uk" { return "gb" }
        if let territory = AppStoreTerritories.storefrontByTerritory[typed.uppercased()] { return territory }
        guard typed.count > 3 else { return NearestName.to(typed, among: all) }
        if let named = AppStoreTerritories.storefrontByName[typed] { return named }
        let byWord = AppStoreTerritories.storefrontByName.filter { name, _ in
            name.split { !$0.isLetter }.contains { $0 == typed }
        }
        if byWord.count == 1 { return byWord.first?.value }
        return NearestName.to(typed, among: Array(AppStoreTerritories.storefrontByName.keys)).flatMap { AppStoreTerritories.storefrontByName[$0] }
    }
}
