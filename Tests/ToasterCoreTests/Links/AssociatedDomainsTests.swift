import FoundationEssentials
import Testing
@testable import ToasterCore

@Suite struct AssociatedDomainsTests {
    static let app = LinkFixtures.app

    /// The `applinks` example of Apple's `applinks` reference and "Supporting associated domains".
    static let appleExample = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": [ "ABCDE12345.com.example.app", "ABCDE12345.com.example.app2" ],
                "components": [
                  { "#": "no_universal_links", "exclude": true,
                    "comment": "Matches any URL whose fragment equals no_universal_links and instructs the system not to open it as a universal link" },
                  { "/": "/buy/*", "comment": "Matches any URL whose path starts with /buy/" },
                  { "/": "/help/website/*", "exclude": true,
                    "comment": "Matches any URL whose path starts with /help/website/ and instructs the system not to open it as a universal link" },
                  { "/": "/help/*", "?": { "articleNumber": "????" },
                    "comment": "Matches any URL whose path starts with /help/ and that has a query item with name 'articleNumber' and a value of exactly 4 characters" }
                ]
              }
            ]
          },
          "webcredentials": { "apps": [ "ABCDE12345.com.example.app" ] }
        }
        """

    /// A file with one details entry for `app` holding `components` (JSON text).
    static func components(_ components: String, defaults: String? = nil) throws -> AssociatedDomainsFile {
        let domain = defaults.map { "\"defaults\": \($0), " } ?? ""
        return try LinkFixtures.file("{\"applinks\": {\(domain)\"details\": [{\"appID\": \"\(app)\", \"components\": [\(components)]}]}}")
    }

    static func outcome(_ file: AssociatedDomainsFile, _ url: String, app: String = app) -> LinkOutcome {
        file.verdict(for: url, appID: app).outcome
    }

    // MARK: - Apple's documented examples

    @Test(arguments: [
        ("https://example.com/buy/toaster", LinkOutcome.match, 1),
        ("https://example.com/buy/toaster#no_universal_links", .excluded, 0),
        ("https://example.com/help/website/faq", .excluded, 2),
        ("https://example.com/help/toaster?articleNumber=1234", .match, 3),
        ("https://example.com/help/toaster?lang=en&articleNumber=1234", .match, 3),
    ])
    func appleExampleDecides(url: String, outcome: LinkOutcome, component: Int) throws {
        let verdict = try LinkFixtures.file(Self.appleExample).verdict(for: url, appID: Self.app)
        #expect(verdict.outcome == outcome)
        #expect(verdict.decidedBy?.details == 0)
        #expect(verdict.decidedBy?.list == .components)
        #expect(verdict.decidedBy?.index == component)
        #expect(verdict.reason == nil)
    }

    @Test(arguments: [
        "https://example.com/help/toaster?articleNumber=123",
        "https://example.com/help/toaster?articleNumber=12345",
        "https://example.com/help/toaster",
        "https://example.com/sell/toaster",
        "https://example.com/BUY/toaster",
    ])
    func appleExampleDoesNotMatch(url: String) throws {
        let verdict = try LinkFixtures.file(Self.appleExample).verdict(for: url, appID: Self.app)
        #expect(verdict.outcome == .noMatch)
        #expect(verdict.decidedBy == nil)
        #expect(verdict.reason == "no rule in details[0] matches")
    }

    @Test func theSecondAppIDOfAppIDsIsServedToo() throws {
        #expect(Self.outcome(try LinkFixtures.file(Self.appleExample), "https://example.com/buy/x", app: "ABCDE12345.com.example.app2") == .match)
    }

    @Test func anAppTheFileDoesNotNameMatchesNothing() throws {
        let verdict = try LinkFixtures.file(Self.appleExample).verdict(for: "https://example.com/buy/x", appID: "ZZZZZ99999.com.example.other")
        #expect(verdict.outcome == .noMatch)
        #expect(verdict.reason == "no details entry names ZZZZZ99999.com.example.other "
            + "(the file names ABCDE12345.com.example.app, ABCDE12345.com.example.app2)")
    }

    /// Apple's `applinks.Details` example: app-level defaults turn case sensitivity off.
    @Test func detailsDefaultsIgnoringCase() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"details": [{
              "appIDs": [ "ABCDE12345.com.example.app" ],
              "components": [ { "/": "/buy/*", "#": "my_great_product_123" } ],
              "defaults": { "caseSensitive": false }
            }]}}
            """)
        #expect(Self.outcome(file, "https://example.com/BUY/x#My_Great_Product_123") == .match)
        #expect(Self.outcome(file, "https://example.com/buy/x#other") == .noMatch)
    }

    // MARK: - Order: the first match wins

    @Test func anExclusionBeforeAMatchExcludes() throws {
        let file = try Self.components(#"{"/": "/videos/private/*", "exclude": true}, {"/": "/videos/*"}"#)
        #expect(Self.outcome(file, "https://example.com/videos/private/1") == .excluded)
        #expect(Self.outcome(file, "https://example.com/videos/1") == .match)
    }

    @Test func anExclusionAfterAMatchNeverDecides() throws {
        let file = try Self.components(#"{"/": "/videos/*"}, {"/": "/videos/private/*", "exclude": true}"#)
        let verdict = file.verdict(for: "https://example.com/videos/private/1", appID: Self.app)
        #expect(verdict.outcome == .match)
        #expect(verdict.decidedBy?.index == 0)
    }

    @Test func detailsEntriesAreTriedInOrderForTheirAppsOnly() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"details": [
              {"appID": "ABCDE12345.com.example.other", "components": [{"/": "/*", "exclude": true}]},
              {"appID": "ABCDE12345.com.example.app", "components": [{"/": "/a/*"}]},
              {"appID": "ABCDE12345.com.example.app", "components": [{"/": "/b/*", "exclude": true}, {"/": "/*"}]}
            ]}}
            """)
        let a = file.verdict(for: "https://example.com/a/1", appID: Self.app)
        #expect(a.outcome == .match && a.decidedBy?.details == 1)
        let b = file.verdict(for: "https://example.com/b/1", appID: Self.app)
        #expect(b.outcome == .excluded && b.decidedBy?.details == 2 && b.decidedBy?.index == 0)
        let c = file.verdict(for: "https://example.com/c", appID: Self.app)
        #expect(c.outcome == .match && c.decidedBy?.details == 2 && c.decidedBy?.index == 1)
    }

    @Test func theReasonNamesEveryEntryTried() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"details": [
              {"appID": "ABCDE12345.com.example.app", "components": [{"/": "/a"}]},
              {"appID": "ABCDE12345.com.example.other", "components": [{"/": "/b"}]},
              {"appID": "ABCDE12345.com.example.app", "paths": ["/c"]}
            ]}}
            """)
        #expect(file.verdict(for: "https://example.com/b", appID: Self.app).reason == "no rule in details[0], details[2] matches")
    }

    // MARK: - Components

    @Test func anOmittedComponentMatchesAnything() throws {
        let file = try Self.components(#"{"comment": "everything"}"#)
        #expect(Self.outcome(file, "https://example.com") == .match)
        #expect(Self.outcome(file, "https://example.com/any/path?q=1#top") == .match)
    }

    @Test func everyNamedComponentMustMatch() throws {
        let file = try Self.components(##"{"/": "/taco/*", "?": "cheese=*", "#": "top"}"##)
        #expect(Self.outcome(file, "https://example.com/taco/1?cheese=panela#top") == .match)
        #expect(Self.outcome(file, "https://example.com/taco/1?cheese=panela#bottom") == .noMatch)
        #expect(Self.outcome(file, "https://example.com/taco/1?salsa=roja#top") == .noMatch)
        #expect(Self.outcome(file, "https://example.com/burrito/1?cheese=panela#top") == .noMatch)
    }

    @Test func aQueryStringPatternMatchesTheWholeQuery() throws {
        let file = try Self.components(#"{"?": "widget=?*"}"#)
        #expect(Self.outcome(file, "https://example.com/?widget=1") == .match)
        #expect(Self.outcome(file, "https://example.com/?widget=") == .noMatch)
        #expect(Self.outcome(file, "https://example.com/?a=1&widget=1") == .noMatch)
        #expect(Self.outcome(file, "https://example.com/") == .noMatch)
    }

    @Test func aQueryDictionaryWantsItsItemsAndAllowsOthers() throws {
        let file = try Self.components(#"{"/": "/taco/*", "?": {"cheese": "?*", "size": "??"}}"#)
        #expect(Self.outcome(file, "https://example.com/taco/1?cheese=panela&size=xl") == .match)
        #expect(Self.outcome(file, "https://example.com/taco/1?size=xl&salsa=verde&cheese=queso") == .match)
        #expect(Self.outcome(file, "https://example.com/taco/1?size=xl") == .noMatch)
        #expect(Self.outcome(file, "https://example.com/taco/1?cheese&size=xl") == .noMatch)
        #expect(Self.outcome(file, "https://example.com/taco/1?cheese=panela&size=xxl") == .noMatch)
    }

    /// WWDC19 "What's New in Universal Links": absent items and items without a value count as
    /// the empty string; a repeated name must match in every instance.
    @Test func absentQueryItemsAreEmptyAndRepeatedOnesMustAllMatch() throws {
        let optional = try Self.components(#"{"?": {"ref": "*"}}"#)
        #expect(Self.outcome(optional, "https://example.com/") == .match)
        #expect(Self.outcome(optional, "https://example.com/?ref") == .match)
        let repeated = try Self.components(#"{"?": {"id": "???"}}"#)
        #expect(Self.outcome(repeated, "https://example.com/?id=123&id=456") == .match)
        #expect(Self.outcome(repeated, "https://example.com/?id=123&id=45") == .noMatch)
    }

    @Test func aFragmentPatternMatchesTheFragment() throws {
        let file = try Self.components(##"{"#": "coupon-1???", "exclude": true}, {"/": "*"}"##)
        #expect(Self.outcome(file, "https://example.com/#coupon-1234") == .excluded)
        #expect(Self.outcome(file, "https://example.com/#coupon-12345") == .match)
        #expect(Self.outcome(file, "https://example.com/") == .match)
    }

    // MARK: - Wildcards

    @Test(arguments: [
        ("/a/*", "/a/", true), ("/a/*", "/a/b/c", true), ("/a/*", "/a", false),
        ("/a/?", "/a/b", true), ("/a/?", "/a/", false), ("/a/?", "/a/bc", false),
        ("/a/?*", "/a/b", true), ("/a/?*", "/a/bcd", true), ("/a/?*", "/a/", false),
        ("/*/order/", "/x/order/", true), ("/*/order/", "//order/", true), ("/*/order/", "/x/order/y", false),
        ("*", "", true), ("", "", true), ("", "/", false), ("/a*b*c", "/aXbYbZc", true), ("/a*b*c", "/aXbYc/", false),
        ("/????", "/1234", true), ("*.html", "/docs/index.html", true), ("*.html", "/docs/index.htm", false),
    ])
    func wildcards(pattern: String, subject: String, matches: Bool) {
        #expect(LinkPattern(pattern).matches(subject.unicodeScalars.map(\.value)) == matches)
    }

    @Test func aLongPatternAgainstALongSubjectStaysFast() {
        let pattern = LinkPattern(String(repeating: "*a", count: 200) + "b")
        #expect(!pattern.matches(Array(repeating: UInt32(UInt8(ascii: "a")), count: 2_000)), "an exponential matcher would never end here")
    }

    // MARK: - caseSensitive and percentEncoded

    @Test func caseSensitiveIsTheDefault() throws {
        let file = try Self.components(#"{"/": "/Sourdough/*"}"#)
        #expect(Self.outcome(file, "https://example.com/Sourdough/1") == .match)
        #expect(Self.outcome(file, "https://example.com/sourdough/1") == .noMatch)
    }

    @Test func caseSensitiveFalseIgnoresCaseInPatternsAndQueryNames() throws {
        let file = try Self.components(#"{"/": "/sourdough/?*", "?": {"Loaf": "Rye"}, "caseSensitive": false}"#)
        #expect(Self.outcome(file, "https://example.com/SOURDOUGH/1?loaf=RYE") == .match)
    }

    @Test func optionsResolveComponentOverEntryOverDomain() throws {
        let domainOff = try Self.components(#"{"/": "/a"}, {"/": "/b", "caseSensitive": true}"#, defaults: #"{"caseSensitive": false}"#)
        #expect(Self.outcome(domainOff, "https://example.com/A") == .match)
        #expect(Self.outcome(domainOff, "https://example.com/B") == .noMatch)
        let entryOn = try LinkFixtures.file("""
            {"applinks": {"defaults": {"caseSensitive": false},
              "details": [{"appID": "\(Self.app)", "defaults": {"caseSensitive": true}, "components": [{"/": "/a"}]}]}}
            """)
        #expect(Self.outcome(entryOn, "https://example.com/A") == .noMatch)
    }

    @Test func percentEncodedPatternsAreComparedWithTheEncodedURL() throws {
        let file = try Self.components(#"{"/": "/caf%C3%A9/*"}"#)
        #expect(Self.outcome(file, "https://example.com/caf%C3%A9/1") == .match)
        #expect(Self.outcome(file, "https://example.com/café/1") == .match, "typed Unicode is encoded as a browser sends it")
        let decoded = try Self.components(#"{"/": "/café/*"}"#)
        #expect(Self.outcome(decoded, "https://example.com/caf%C3%A9/1") == .noMatch)
    }

    @Test func percentEncodedFalseComparesWithTheDecodedURL() throws {
        let file = try Self.components(#"{"/": "/哈哈/?*", "?": {"tag": "토스트"}, "percentEncoded": false}"#)
        #expect(Self.outcome(file, "https://example.com/%E5%93%88%E5%93%88/1?tag=%ED%86%A0%EC%8A%A4%ED%8A%B8") == .match)
        #expect(Self.outcome(file, "https://example.com/哈哈/1?tag=토스트") == .match)
        let spaces = try Self.components(#"{"/": "/a b", "percentEncoded": false}"#)
        #expect(Self.outcome(spaces, "https://example.com/a%20b") == .match)
    }

    @Test func anEncodedAmpersandStaysInsideItsQueryItem() throws {
        let file = try Self.components(#"{"?": {"q": "salt & pepper"}, "percentEncoded": false}"#)
        #expect(Self.outcome(file, "https://example.com/?q=salt%20%26%20pepper") == .match)
    }

    // MARK: - Legacy paths

    @Test func legacyPathsWithNOT() throws {
        let file = try LinkFixtures.file("""
            {"applinks": {"apps": [], "details": [
              {"appID": "9JA89QQLNQ.com.apple.wwdc", "paths": ["/wwdc/news/", "NOT /videos/wwdc/2010/*", "/videos/wwdc/201?/*"]},
              {"appID": "ABCD1234.com.apple.wwdc", "paths": ["*"]}
            ]}}
            """)
        let wwdc = "9JA89QQLNQ.com.apple.wwdc"
        #expect(Self.outcome(file, "https://developer.apple.com/wwdc/news/", app: wwdc) == .match)
        let excluded = file.verdict(for: "https://developer.apple.com/videos/wwdc/2010/1", appID: wwdc)
        #expect(excluded.outcome == .excluded)
        #expect(excluded.decidedBy == LinkRulePlace(details: 0, list: .paths, index: 1, text: #""NOT /videos/wwdc/2010/*""#))
        #expect(Self.outcome(file, "https://developer.apple.com/videos/wwdc/2015/1", app: wwdc) == .match)
        #expect(Self.outcome(file, "https://developer.apple.com/Wwdc/news/", app: wwdc) == .noMatch)
        #expect(Self.outcome(file, "https://developer.apple.com/anything?at=all", app: "ABCD1234.com.apple.wwdc") == .match)
    }

    @Test func legacyPathsIgnoreQueryAndFragment() throws {
        let file = try LinkFixtures.file(#"{"applinks": {"details": [{"appID": "\#(Self.app)", "paths": ["/a"]}]}}"#)
        #expect(Self.outcome(file, "https://example.com/a?x=1#y") == .match)
    }

    @Test func componentsWinOverPathsInOneEntry() throws {
        let file = try LinkFixtures.file(#"{"applinks": {"details": [{"appID": "\#(Self.app)", "paths": ["*"], "components": [{"/": "/a"}]}]}}"#)
        #expect(Self.outcome(file, "https://example.com/b") == .noMatch)
        #expect(file.verdict(for: "https://example.com/a", appID: Self.app).decidedBy?.list == .components)
    }

    // MARK: - URLs

    @Test(arguments: [
        ("ftp://example.com/a", "only http and https URLs open apps as universal links, not ftp:"),
        ("mailto:toast@example.com", "only http and https URLs open apps as universal links, not mailto:"),
        ("/a/b", "it is not an absolute URL"),
        ("https:/a", "it has no host"),
        ("https:///a", "it has no host"),
    ])
    func aURLThatCannotBeAUniversalLink(url: String, reason: String) throws {
        let verdict = try Self.components(#"{"/": "*"}"#).verdict(for: url, appID: Self.app)
        #expect(verdict.outcome == .noMatch)
        #expect(verdict.reason == reason)
        #expect(verdict.path == "")
    }

    @Test func theHostIsNotCheckedAndHTTPCounts() throws {
        let file = try Self.components(#"{"/": "/a"}"#)
        #expect(Self.outcome(file, "http://elsewhere.example:8080/a") == .match)
        #expect(Self.outcome(file, "HTTPS://user@example.com/a") == .match)
    }

    @Test func theVerdictCarriesTheDecodedPathAndTheRule() throws {
        let file = try Self.components(#"{"/": "/videos/*", "?": {"t": "*"}, "comment": "not shown"}"#)
        let verdict = file.verdict(for: "https://example.com/videos/%ED%86%A0%EC%8A%A4%ED%8A%B8?t=3#x", appID: Self.app)
        #expect(verdict.path == "/videos/토스트")
        #expect(verdict.decidedBy?.label == "details[0] components[0]")
        #expect(verdict.decidedBy?.text == #"{"/": "/videos/*", "?": {"t": "*"}}"#)
        #expect(file.verdict(for: "https://example.com", appID: Self.app).path == "/")
    }

    @Test func theExampleFileShippedWithTheDocsReads() throws {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../examples/apple-app-site-association")
        let file = try AssociatedDomainsFile(data: Data(contentsOf: url))
        let app = "ABCDE12345.com.example.toaster"
        #expect(Self.outcome(file, "https://example.com/links/42", app: app) == .match)
        #expect(Self.outcome(file, "https://example.com/links/private/7", app: app) == .excluded)
        #expect(Self.outcome(file, "https://example.com/links/private/7", app: app + ".legacy") == .excluded)
    }

    // MARK: - Files that are not one, and mistakes iOS reads past

    @Test(arguments: [
        ("", "the file is empty"),
        ("toast", "the file is not JSON: line 1, column 1: expected a value"),
        ("{\"applinks\": ", "the file is not JSON: line 1, column 14: the text ends where a value should be"),
        ("{\"applinks\": {\n  \"details\": [],\n}}", "the file is not JSON: line 3, column 1: expected a key in double quotes"),
        ("{\"a\": 1} 2", "the file is not JSON: line 1, column 10: unexpected text after the JSON value"),
        ("{\"a\": 01}", "the file is not JSON: line 1, column 7: a number cannot start with 0"),
        ("{\"a\": \"x\ty\"}", "the file is not JSON: line 1, column 9: a control character inside a string must be escaped"),
        ("{\"a\": tru}", "the file is not JSON: line 1, column 7: expected a value"),
        ("{\"a\": 1, \"a\": 2}", "the file is not JSON: line 1, column 10: the key \"a\" appears twice in one object"),
        ("[]", "the file must be a JSON object (it is an array)"),
    ])
    func aFileThatIsNotAJSONObjectCannotBeRead(text: String, message: String) {
        #expect(throws: AssociatedDomainsError(message)) { try LinkFixtures.file(text) }
    }

    @Test(arguments: [
        ("{\"applinks\": []}", "applinks must be an object (it is an array): iOS ignores it"),
        ("{\"applinks\": {\"details\": \"all\"}}", "applinks.details must be an array (it is a string): iOS gives no app a universal link"),
        ("{\"applinks\": {\"details\": [], \"detail\": []}}",
         "applinks has an unknown key \"detail\", which iOS ignores (did you mean \"details\"?)"),
        ("{\"applinks\": {\"details\": [7]}}", "applinks.details[0] must be an object (it is a number): iOS ignores it"),
        ("{\"applinks\": {\"details\": [{\"appID\": 1}]}}", "applinks.details[0].appID must be a string (it is a number): iOS ignores it"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"A.b\", null]}]}}",
         "applinks.details[0].appIDs[1] must be a string (it is null): iOS ignores it"),
        ("{\"applinks\": {\"details\": [{\"appID\": \"A.b\", \"components\": {}}]}}",
         "applinks.details[0].components must be an array (it is an object): iOS ignores it"),
        ("{\"applinks\": {\"details\": [{\"appID\": \"A.b\", \"components\": [{\"?\": [\"a\"]}]}]}}",
         "applinks.details[0].components[0][\"?\"] must be a string or an object (it is an array): iOS ignores it"),
        ("{\"applinks\": {\"defaults\": {\"caseSensitive\": 0}, \"details\": []}}",
         "applinks.defaults.caseSensitive must be true or false (it is a number): iOS ignores it"),
        ("{\"applinks\": {\"substitutionVariables\": {\"a(b\": [\"x\"]}, \"details\": []}}",
         "applinks.substitutionVariables[\"a(b\"] cannot be a variable name: names cannot contain $, ( or ), so iOS ignores it"),
        ("{\"applinks\": {\"substitutionVariables\": {\"food\": \"pizza\"}, \"details\": []}}",
         "applinks.substitutionVariables.food must be an array (it is a string): iOS ignores it"),
    ])
    func mistakesIOSReadsPastAreWarningsThatSayWhereAndWhat(text: String, warning: String) throws {
        let file = try LinkFixtures.file(text)
        #expect(file.warnings.map(\.description).contains(warning), "\(file.warnings)")
    }

    @Test func nestingTooDeepIsRefusedNotACrash() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: AssociatedDomainsError("the file is not JSON: line 1, column 513: nested deeper than 512 levels")) {
            try LinkFixtures.file(text)
        }
    }

    @Test func escapesAndAByteOrderMarkAreRead() throws {
        let file = try AssociatedDomainsFile(data: Data([0xEF, 0xBB, 0xBF] + Array("""
            {"applinks": {"details": [{"appID": "\(Self.app)", "components": [{"/": "/caf\\u00e9/\\ud83c\\udf5e", "percentEncoded": false}]}]}}
            """.utf8)))
        #expect(Self.outcome(file, "https://example.com/café/🍞") == .match)
    }
}
