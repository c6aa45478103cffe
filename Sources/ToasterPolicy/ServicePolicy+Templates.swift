import ToasterCore

extension ServicePolicy {
    /// Each app's `remoteConfig.template`, read by the one reader of templates with the keys the
    /// place names (`minKey`, `latestKey`), so that the server refuses what `check --template`
    /// refuses, with the same sentence, its place given within the policy.
    mutating func readTemplates(in tree: JSONTree) throws(PolicyError) {
        for (index, app) in (tree["apps"]?.items ?? []).enumerated() {
            guard let document = app["remoteConfig"]?["template"], let place = apps[index].remoteConfig else { continue }
            do {
                apps[index].remoteConfig?.template = try RemoteConfigTemplate(reading: document, versionKeys: place.keys)
            } catch {
                throw PolicyError(error.described(under: JSONPlace.root.key("apps").index(index).key("remoteConfig").key("template")))
            }
        }
    }
}
