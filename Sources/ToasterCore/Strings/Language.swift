/// The language of every text the program shows; texts from a payload are shown as given.
public enum Language: String, Sendable, CaseIterable {
    case ko, en, ja

    /// `--locale` if given (nil when it is none of ours); else the simulated device's language
    /// (`--device-language ja-JP`: ja), English for one the program lacks, as the app's own
    /// strings fall back; else the first set of LC_ALL, LC_MESSAGES, LANG (POSIX order). A
    /// locale in a language the program lacks (`fr_FR.UTF-8`) gets English, as Siren falls back
    /// to English; none set, or one naming no language (`C`, `POSIX`), gets Korean, the
    /// reference app's own.
    public static func resolve(flag: String?, deviceLanguage: String? = nil, environment: [String: String]) -> Language? {
        if let flag { return Language(localeName: flag) }
        if let deviceLanguage { return Language(localeName: deviceLanguage) ?? .en }
        guard let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return .ko
        }
        if let language = Language(localeName: name) { return language }
        return ["c", "posix"].contains(name.prefix { $0.isLetter }.lowercased()) ? .ko : .en
    }

    /// Reads `ko`, `en_US.UTF-8`, `ja-JP`, …; nil for a language not supported.
    public init?(localeName: String) {
        let prefix = localeName.prefix { $0.isLetter }.lowercased()
        guard let language = Language(rawValue: prefix) else { return nil }
        self = language
    }
}
