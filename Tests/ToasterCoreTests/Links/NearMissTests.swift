import Testing
@testable import ToasterCore

/// For a URL nothing matches: the rule that came closest and the first part it failed on.
@Suite struct NearMissTests {
    static let app = LinkFixtures.app

    static func miss(_ components: String, _ path: String) throws -> LinkNearMiss? {
        let file = try LinkFixtures.components(components)
        let verdict = file.verdict(for: "https://example.com" + path, appID: app)
        #expect(verdict.outcome == .noMatch)
        return verdict.nearMiss
    }

    @Test func thePathThatFailed() throws {
        let other = try #require(try Self.miss(#"{"/": "/videos/*"}, {"/": "/links/??*"}"#, "/links/1"))
        #expect(other.rule.index == 1, "it read further into /links/1 than /videos/* did")
        #expect(other.part == .path && !other.onlyCase)
        #expect(other.message == #"the path /links/1 does not match "/links/??*""#)
    }

    @Test func aQueryItemThatFailedAfterThePathMatched() throws {
        let miss = try #require(try Self.miss(#"{"/": "/a/*"}, {"/": "/search", "?": {"q": "?*", "lang": "??"}}"#, "/search?q=x&lang=kor"))
        #expect(miss.rule.index == 1, "the component whose path matched is closer")
        #expect(miss.part == .queryItem && miss.item == "lang")
        #expect(miss.message == #"the query item lang=kor does not match "??""#)
        let absent = try #require(try Self.miss(#"{"/": "/search", "?": {"q": "?*"}}"#, "/search?lang=ko"))
        #expect(absent.message == #"the query item q (absent, so empty) does not match "?*""#)
    }

    @Test func theFragmentAndTheWholeQuery() throws {
        let fragment = try #require(try Self.miss(##"{"/": "/a", "#": "top"}"##, "/a#bottom"))
        #expect(fragment.part == .fragment && fragment.message == #"the fragment "bottom" does not match "top""#)
        let query = try #require(try Self.miss(#"{"?": "key=value"}"#, "/?key=value&extra=1"))
        #expect(query.part == .query && query.message == #"the query "key=value&extra=1" does not match "key=value""#)
    }

    @Test func aPartThatFailsOnlyByCase() throws {
        let miss = try #require(try Self.miss(#"{"/": "/about"}, {"/": "/help/*"}"#, "/HELP/faq"))
        #expect(miss.rule.index == 1 && miss.part == .path && miss.onlyCase)
        #expect(miss.message == #"the path /HELP/faq matches "/help/*" only ignoring case, and the component is case-sensitive"#)
        let variable = try #require(try Self.miss(#"{"/": "/$(lang)/shop/*"}"#, "/EN/shop/1"))
        #expect(variable.onlyCase, "the shared trie of $(lang) folds case too")
    }

    @Test func aQueryItemNamedOnlyByCaseIsSaidToBeAbsent() throws {
        let miss = try #require(try Self.miss(#"{"?": {"Mode": "dark"}}"#, "/?mode=dark"))
        #expect(miss.part == .queryItem && miss.item == "Mode" && miss.onlyCase)
        #expect(miss.message == #"the query item Mode is absent, and mode=dark would match "dark" only ignoring case, and the component is case-sensitive"#)
        let value = try #require(try Self.miss(#"{"?": {"mode": "dark"}}"#, "/?mode=DARK"))
        #expect(value.onlyCase && value.message == #"the query item mode=DARK matches "dark" only ignoring case, and the component is case-sensitive"#)
    }

    @Test func exclusionsAreNotCandidatesAndNeitherAreMatchesElsewhere() throws {
        #expect(try Self.miss(#"{"/": "/private/*", "exclude": true}"#, "/public") == nil)
        let file = try LinkFixtures.components(#"{"/": "/a"}"#)
        #expect(file.verdict(for: "https://example.com/a", appID: Self.app).nearMiss == nil, "a match has no near miss")
        #expect(file.verdict(for: "https://example.com/a", appID: "OTHER.app").nearMiss == nil, "no rule was tried")
    }

    @Test func legacyPathsToo() throws {
        let file = try LinkFixtures.file(#"{"applinks": {"details": [{"appID": "\#(Self.app)", "paths": ["NOT /a/*", "/b/c/*"]}]}}"#)
        let miss = try #require(file.verdict(for: "https://example.com/b/x", appID: Self.app).nearMiss)
        #expect(miss.rule.list == .paths && miss.rule.index == 1)
        #expect(miss.message == #"the path /b/x does not match "/b/c/*""#)
        let byCase = try #require(file.verdict(for: "https://example.com/B/c/1", appID: Self.app).nearMiss)
        #expect(byCase.message == #"the path /B/c/1 matches "/b/c/*" only ignoring case, and iOS compares paths case-sensitively"#)
    }
}
