import FoundationEssentials
import Testing
@testable import ToasterCore

/// The answers iOS gives where a literal reading of Apple's documentation differs: slashes,
/// `appIDs` over `appID`, files that give the app nothing, and what iOS reads that a strict
/// reader would refuse. Cases marked "st-tech" are ported from st-tech/universal-links-test's
/// suite (tests/node.test.ts), which asserts each one against `swcutil` on macOS in CI.
@Suite struct IOSReadingTests {
    static let app = LinkFixtures.app

    static func outcome(_ file: AssociatedDomainsFile, _ path: String, app: String = app) -> LinkOutcome {
        file.verdict(for: "https://example.com" + path, appID: app).outcome
    }

    // MARK: - 1. Trailing slashes

    @Test(arguments: [
        ("/buy/*", "/buy", LinkOutcome.match), ("/buy/*", "/buy/", .match), ("/buy/*", "/buy/x", .match),
        ("/buy", "/buy/", .match), ("/buy/", "/buy", .match), ("/buy/", "/buy//", .match),
        ("/search/", "/search/", .match), ("/buy/*", "/buyer", .noMatch), ("/buy/?*", "/buy", .noMatch),
        ("/id/????", "/id/481", .noMatch), ("/id/????", "/id/481/", .noMatch), ("/id/????", "/id/4812/", .match),
        ("/", "/", .match), ("/", "/a", .noMatch), ("/*", "/", .match),
    ])
    func aTrailingSlashIsInsignificant(pattern: String, path: String, outcome: LinkOutcome) throws {
        let file = try LinkFixtures.components(#"{"/": "\#(pattern)"}"#)
        #expect(Self.outcome(file, path) == outcome, "\(pattern) against \(path)")
    }

    @Test func aMatchThatNeedsTheOptionalSlashIsAWarning() throws {
        let file = try LinkFixtures.components(#"{"/": "/buy/*"}"#)
        #expect(file.warnings.isEmpty)
        let lenient = file.verdict(for: "https://example.com/buy", appID: Self.app)
        #expect(lenient.outcome == .match)
        #expect(lenient.warnings.map(\.description) == [
            #"applinks.details[0].components[0]["/"] matches the path /buy only because iOS takes the slashes at the ends of a path as optional"#,
        ])
        #expect(file.verdict(for: "https://example.com/buy/x", appID: Self.app).warnings.isEmpty)
    }

    // MARK: - 2. Leading slashes

    @Test(arguments: [
        ("abc", "/abc", LinkOutcome.match), ("buy/*", "/buy/x", .match), ("//abc", "/abc", .match),
        ("abc", "/xabc", .noMatch), ("*.html", "/docs/a.html", .match), ("?*", "/", .noMatch),
    ])
    func theLeadingSlashOfAPathPatternIsOptional(pattern: String, path: String, outcome: LinkOutcome) throws {
        let file = try LinkFixtures.components(#"{"/": "\#(pattern)"}"#)
        let verdict = file.verdict(for: "https://example.com" + path, appID: Self.app)
        #expect(verdict.outcome == outcome, "\(pattern) against \(path)")
        if outcome == .match, pattern.first != "*" { #expect(!verdict.warnings.isEmpty, "works only because the slash is optional") }
    }

    /// Apple's `applinks.Details.Components` reference example.
    @Test func applesReferenceComponent() throws {
        let file = try LinkFixtures.components(##"{"/": "abc", "?": "def", "#": "*"}"##)
        #expect(Self.outcome(file, "/abc?def") == .match)
        #expect(Self.outcome(file, "/abc?def#anything") == .match)
        #expect(Self.outcome(file, "/abc?de") == .noMatch)
        #expect(Self.outcome(file, "/abc") == .noMatch)
        #expect(Self.outcome(file, "/abcd?def") == .noMatch)
    }

    // MARK: - 3. appIDs over appID

    @Test func appIDsWinOverAppID() throws {
        // st-tech: "should match multiple appIDs (appID is ignored)".
        let both = try LinkFixtures.file("""
            {"applinks": {"details": [{"appID": "FOO.com.example.app", "appIDs": ["BAR.com.example.app", "BAZ.com.example.app"],
              "components": [{"/": "/search/"}]}]}}
            """)
        #expect(Self.outcome(both, "/search/", app: "BAR.com.example.app") == .match)
        #expect(Self.outcome(both, "/search/", app: "BAZ.com.example.app") == .match)
        #expect(Self.outcome(both, "/search/", app: "FOO.com.example.app") == .noMatch)
        #expect(both.warnings.map(\.description) == ["applinks.details[0].appID is ignored: when an entry has appIDs, iOS reads only appIDs"])
        // st-tech: "should ignore appID if appIDs provided".
        let empty = try LinkFixtures.file("""
            {"applinks": {"details": [{"appID": "FOO.com.example.app", "appIDs": [], "components": [{"/": "/search/"}]}]}}
            """)
        #expect(Self.outcome(empty, "/search/", app: "FOO.com.example.app") == .noMatch)
    }

    // MARK: - 4. Files that give the app nothing

    @Test(arguments: [
        // st-tech: "empty json".
        ("{}", "the file has no applinks: iOS opens none of this domain's URLs in an app"),
        (#"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#,
         "the file has no applinks: iOS opens none of this domain's URLs in an app"),
        (#"{"applinks": {}}"#, "applinks has no details: iOS gives no app a universal link"),
        // st-tech: "should unset appIDs and appID not provided".
        (#"{"applinks": {"details": [{"components": [{"/": "/search/"}]}]}}"#,
         "applinks.details[0] names no app (no appIDs or appID): iOS gives its rules to no app"),
        (#"{"applinks": {"details": [{"appIds": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#,
         #"applinks.details[0] has an unknown key "appIds", which iOS ignores (did you mean "appIDs"?)"#),
    ])
    func aFileWithNothingForTheAppMatchesNothing(text: String, warning: String) throws {
        let file = try LinkFixtures.file(text)
        let verdict = file.verdict(for: "https://example.com/search/", appID: Self.app)
        #expect(verdict.outcome == .noMatch)
        #expect(file.warnings.map(\.description).contains(warning), "\(file.warnings)")
    }

    /// st-tech: "empty rule".
    @Test func anEntryWithNoComponentsMatchesNothing() throws {
        let file = try LinkFixtures.components("")
        #expect(Self.outcome(file, "/") == .noMatch)
        #expect(file.warnings.isEmpty)
    }

    // MARK: - 5. What iOS reads: substitution variables

    /// Apple's `applinks.SubstitutionVariables` example.
    @Test func customAndBuiltInVariables() throws {
        let file = try LinkFixtures.components(#"{"/": "/$(lang)_$(region)/$(food)/"}"#,
                                       applinks: #""substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]}, "#)
        #expect(file.warnings.isEmpty)
        #expect(Self.outcome(file, "/en_US/pizza/") == .match)
        #expect(Self.outcome(file, "/ko_KR/sushi") == .match)
        #expect(Self.outcome(file, "/en_US/taco/") == .noMatch)
        #expect(Self.outcome(file, "/xx_US/pizza/") == .noMatch, "xx is no ISO language")
        #expect(Self.outcome(file, "/en_ZZ/pizza/") == .noMatch, "ZZ is no ISO region")
        #expect(Self.outcome(file, "/EN_us/pizza/") == .noMatch, "case-sensitive by default")
    }

    @Test(arguments: [
        ("alpha", "q", true), ("alpha", "Q", true), ("alpha", "1", false), ("upper", "Q", true), ("upper", "q", false),
        ("lower", "q", true), ("lower", "Q", false), ("alnum", "7", true), ("alnum", "-", false), ("digit", "7", true),
        ("digit", "a", false), ("xdigit", "f", true), ("xdigit", "F", true), ("xdigit", "g", false),
        ("region", "KR", true), ("region", "kr", false), ("lang", "ko", true), ("lang", "KO", false), ("lang", "fil", true),
    ])
    func builtInVariables(name: String, value: String, matches: Bool) throws {
        let file = try LinkFixtures.components(#"{"/": "/v/$(\#(name))"}"#)
        #expect((Self.outcome(file, "/v/" + value) == .match) == matches, "$(\(name)) against \(value)")
    }

    @Test func variablesFollowTheComponentsCaseRule() throws {
        let file = try LinkFixtures.components(#"{"/": "/$(upper)/$(food)", "caseSensitive": false}"#,
                                       applinks: #""substitutionVariables": {"food": ["Pizza"]}, "#)
        #expect(Self.outcome(file, "/q/PIZZA") == .match)
        #expect(Self.outcome(file, "/Q/pizza") == .match)
    }

    @Test func variableValuesCanHoldWildcardsAndNamesAreCaseSensitive() throws {
        let file = try LinkFixtures.components(#"{"/": "/shop/$(dept)"}, {"/": "/x/$(Dept)"}"#,
                                       applinks: #""substitutionVariables": {"dept": ["toys/*", "bak?ry"]}, "#)
        #expect(Self.outcome(file, "/shop/toys/robots/1") == .match)
        #expect(Self.outcome(file, "/shop/bakery") == .match)
        #expect(Self.outcome(file, "/shop/garden") == .noMatch)
        #expect(Self.outcome(file, "/x/toys") == .noMatch, "$(Dept) is not $(dept)")
        #expect(file.warnings.map(\.description) == [
            #"applinks.details[0].components[1]["/"] uses $(Dept), which neither substitutionVariables nor iOS defines: the pattern matches nothing"#,
        ])
    }

    @Test func variablesWorkInQueriesAndFragments() throws {
        let file = try LinkFixtures.components(##"{"?": {"lang": "$(lang)"}, "#": "$(digit)$(digit)"}"##)
        #expect(Self.outcome(file, "/?lang=ko#42") == .match)
        #expect(Self.outcome(file, "/?lang=zz#42") == .noMatch)
        #expect(Self.outcome(file, "/?lang=ko#4") == .noMatch)
    }

    // MARK: - 5. What iOS reads: older forms, non-string predicates, unknown keys

    @Test func legacyPathsWithNOTAreRead() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"details": [{"appID": "\(Self.app)", "paths": ["NOT /videos/private/*", "/videos/*", 7]}]}}
            """)
        #expect(Self.outcome(file, "/videos/private/1") == .excluded)
        #expect(Self.outcome(file, "/videos/1") == .match)
        #expect(Self.outcome(file, "/videos") == .match, "/videos/* matches /videos, as components do")
        #expect(file.warnings.map(\.description) == ["applinks.details[0].paths[2] must be a string (it is a number): iOS ignores it"])
    }

    @Test func theIOS9DetailsDictionaryIsRead() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"apps": [], "details": {"9JA89QQLNQ.com.apple.wwdc": {"paths": ["/wwdc/news/", "/videos/wwdc/2015/*"]}}}}
            """)
        let wwdc = "9JA89QQLNQ.com.apple.wwdc"
        #expect(Self.outcome(file, "/wwdc/news/", app: wwdc) == .match)
        #expect(Self.outcome(file, "/videos/wwdc/2015/1", app: wwdc) == .match)
        #expect(Self.outcome(file, "/videos/wwdc/2014/1", app: wwdc) == .noMatch)
        #expect(file.warnings.first?.place == "applinks.details")
    }

    /// swcutil matches `?a=2` against `{"?": {"a": "1", "flag": true}}`: the whole dictionary is
    /// dropped, not only its item that is not a string.
    @Test func aQueryDictionaryWithANonStringValueIsIgnoredWhole() throws {
        let file = try LinkFixtures.components(#"{"/": "/list", "?": {"a": "1", "flag": true}}"#)
        #expect(Self.outcome(file, "/list?a=2") == .match)
        #expect(Self.outcome(file, "/list") == .match)
        #expect(Self.outcome(file, "/other?a=1") == .noMatch, "the path still counts")
        let verdict = file.verdict(for: "https://example.com/list?a=2", appID: Self.app)
        #expect(verdict.decidedBy?.text == #"{"/": "/list"}"#)
        #expect(verdict.warnings.map(\.description) == [
            #"applinks.details[0].components[0]["?"].flag must be a string (it is true or false): iOS ignores the whole "?" dictionary, so any query matches"#,
        ])
    }

    // MARK: - defaults apply every component key

    /// swcutil: `/`, `?` and `exclude` given in `defaults` act on a component that has only `#`.
    @Test func defaultsApplyToEveryKeyAComponentLeavesOut() throws {
        let file = try LinkFixtures.components(##"{"#": "promo"}"##, applinks: #""defaults": {"/": "/shop/*", "?": {"ref": "?*"}, "exclude": true}, "#)
        let verdict = file.verdict(for: "https://example.com/shop/1?ref=mail#promo", appID: Self.app)
        #expect(verdict.outcome == .excluded)
        #expect(verdict.decidedBy?.text == ##"{"#": "promo", "/": "/shop/*", "?": {"ref": "?*"}, "exclude": true}"##)
        #expect(Self.outcome(file, "/shop/1#promo") == .noMatch, "the default ? wants a non-empty ref")
        #expect(Self.outcome(file, "/elsewhere?ref=mail#promo") == .noMatch, "the default / applies")
        #expect(file.warnings.map(\.description) == [
            #"applinks.defaults["/"] is documented by Apple only on components: iOS copies it into every component that does not set "/" itself"#,
            #"applinks.defaults["?"] is documented by Apple only on components: iOS copies it into every component that does not set "?" itself"#,
            #"applinks.defaults.exclude is documented by Apple only on components: iOS copies it into every component that does not set "exclude" itself"#,
        ])
    }

    @Test func aDefaultPatternWithAnUndefinedVariableIsOneWarning() throws {
        let file = try LinkFixtures.components(##"{"#": "a"}, {"#": "b"}, {"#": "c"}"##, applinks: #""defaults": {"/": "/$(nope)/*"}, "#)
        let undefined = file.warnings.map(\.description).filter { $0.contains("$(nope)") }
        #expect(undefined == [#"applinks.defaults["/"] uses $(nope), which neither substitutionVariables nor iOS defines: the pattern matches nothing"#],
                "one warning for the default, not one per component that inherits it")
    }

    @Test func aComponentsOwnKeyWinsOverTheEntrysDefaultsOverTheDomains() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"defaults": {"/": "/domain/*", "#": "d"}, "details": [{"appID": "\(Self.app)",
              "defaults": {"/": "/entry/*"}, "components": [{"#": "own"}, {"/": "/own", "exclude": false}]}]}}
            """)
        #expect(Self.outcome(file, "/entry/1#own") == .match, "the entry's / over the domain's")
        #expect(Self.outcome(file, "/domain/1#own") == .noMatch)
        #expect(Self.outcome(file, "/own#d") == .match, "the component's own / and the domain's #")
        #expect(Self.outcome(file, "/own#x") == .noMatch)
    }

    /// A key the component sets keeps the default away even when iOS ignores its value, as iOS
    /// copies keys, not readings: the dropped dictionary leaves the query free.
    @Test func aKeyTheComponentSetsBadlyStillKeepsTheDefaultAway() throws {
        let file = try LinkFixtures.components(#"{"/": "/list", "?": {"a": "1", "flag": true}}"#, applinks: #""defaults": {"?": {"a": "1"}}, "#)
        #expect(Self.outcome(file, "/list?a=2") == .match)
    }

    @Test func defaultsStillSetCaseAndEncodingWithoutAWarning() throws {
        let file = try LinkFixtures.components(#"{"/": "/help/*"}"#, applinks: #""defaults": {"caseSensitive": false}, "#)
        #expect(Self.outcome(file, "/HELP/faq") == .match)
        #expect(file.warnings.isEmpty)
    }

    @Test func unknownKeysAreIgnoredWithTheNearestKnownKey() throws {
        let file = try LinkFixtures.file("""
            {"applink": {}, "applinks": {"default": {"caseSensitive": false}, "details": [{"appID": "\(Self.app)",
              "defaults": {"casesensitive": false}, "components": [{"/": "/private/*", "exclued": true}, {"/": "/*", "note": "x"}]}]}}
            """)
        #expect(file.warnings.map(\.description) == [
            #"the file has an unknown key "applink", which iOS ignores (did you mean "applinks"?)"#,
            #"applinks has an unknown key "default", which iOS ignores (did you mean "defaults"?)"#,
            #"applinks.details[0].defaults has an unknown key "casesensitive", which iOS ignores (did you mean "caseSensitive"?)"#,
            #"applinks.details[0].components[0] has an unknown key "exclued", which iOS ignores (did you mean "exclude"?)"#,
            #"applinks.details[0].components[1] has an unknown key "note", which iOS ignores"#,
        ])
        let verdict = file.verdict(for: "https://example.com/private/1", appID: Self.app)
        #expect(verdict.outcome == .match, "exclued excludes nothing")
        #expect(verdict.decidedBy?.index == 0)
        #expect(verdict.decidedBy?.text == #"{"/": "/private/*"}"#)
        #expect(verdict.warnings.count == 2, "the warnings of the entry and of the component that decided")
        #expect(Self.outcome(file, "/PRIVATE/1") == .match, "neither misspelt defaults turned case sensitivity off")
        #expect(Self.outcome(file, "/Other") == .match)
    }

    @Test func valuesOfTheWrongTypeAreIgnored() throws {
        let file = try LinkFixtures.components(##"{"/": "/a/*", "exclude": "yes"}, {"/": 3, "#": "top"}, 7"##)
        #expect(Self.outcome(file, "/a/1") == .match, "exclude \"yes\" is not true")
        #expect(Self.outcome(file, "/b#top") == .match, "a path that is not a string is left out: any path")
        #expect(file.warnings.map(\.description) == [
            "applinks.details[0].components[0].exclude must be true or false (it is a string): iOS ignores it",
            #"applinks.details[0].components[1]["/"] must be a string (it is a number): iOS ignores it"#,
            "applinks.details[0].components[2] must be an object (it is a number): iOS ignores it",
        ])
    }

    // MARK: - st-tech cases not covered above

    @Test(arguments: [
        (#"{"/": "/search/"}"#, "/search/", LinkOutcome.match),                                // "should match path"
        (#"{"/": "/search/"}"#, "/SEARCH/", .noMatch),                                         // "default case sensitive"
        (#"{"/": "/search/", "caseSensitive": false}"#, "/SEARCH/", .match),                   // "case insensitive"
        (#"{"/": "/search/"}"#, "/search/?q=foo#bar", .match),                                 // "...with query string and hash"
        (#"{"?": "key=value"}"#, "/?key=value", .match),                                       // "should match query string"
        (#"{"?": "key=value"}"#, "/?key=value&extra=value", .noMatch),                         // "...with extras"
        (#"{"?": {"key": "value"}}"#, "/?key=value", .match),                                  // "...with key-value object"
        (#"{"?": {"key": "value"}}"#, "/?key=value&extra=value", .match),                      // "...key-value object with extras"
        (##"{"#": "nondeeplinking", "exclude": true}, {"/": "/search/"}"##, "/search/#nondeeplinking", .excluded), // "should exclude"
    ])
    func stTechCases(components: String, path: String, outcome: LinkOutcome) throws {
        #expect(Self.outcome(try LinkFixtures.components(components), path) == outcome)
    }

    /// st-tech: "should handle multiple details": the first entry for the app that matches decides.
    @Test func theFirstEntryThatMatchesDecides() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"details": [{"appID": "\(Self.app)", "components": [{"/": "/search/"}]},
              {"appID": "\(Self.app)", "components": [{"/": "/search/", "exclude": true}]}]}}
            """)
        #expect(Self.outcome(file, "/search/") == .match)
    }
}
