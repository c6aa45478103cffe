/// The language of every text the program shows; texts from a payload are shown as given.
public enum Language: String, Sendable, CaseIterable {
    case ko, en, ja

    /// `--locale` if given, else the first set of LC_ALL, LC_MESSAGES, LANG (POSIX order);
    /// Korean, the reference app's language, when none names a supported language.
    public static func resolve(flag: String?, environment: [String: String]) -> Language? {
        if let flag { return Language(localeName: flag) }
        let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return name.flatMap(Language.init(localeName:)) ?? .ko
    }

    /// Reads `ko`, `en_US.UTF-8`, `ja-JP`, …; nil for a language not supported.
    public init?(localeName: String) {
        let prefix = localeName.prefix { $0.isLetter }.lowercased()
        guard let language = Language(rawValue: prefix) else { return nil }
        self = language
    }
}
