import FoundationEssentials
import Testing
@testable import ToasterCore

/// Every element and operator of Firebase's condition reference
/// (firebase.google.com/docs/remote-config/condition-reference), its own examples, and what the
/// reader refuses, with the place: as strict as the reference where it is explicit, and as
/// docs/07 chooses where it is silent.
@Suite struct ConditionExpressionTests {
    private func rules(_ text: String) throws -> [ConditionRule] {
        try ConditionExpression(parsing: text).rules
    }

    private func refusal(_ text: String) -> ConditionSyntaxError? {
        do {
            _ = try ConditionExpression(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    private func expectRefused(_ text: String, at offset: Int, _ problem: String) throws {
        let error = try #require(refusal(text))
        #expect(error.offset == offset, "\(error)")
        #expect(error.description.contains(problem), "\(error)")
    }

    private static func clock(_ text: String) -> Date { ISO8601.parse(text + "Z")! }

    @Test(arguments: [
        ("true", ConditionRule.always(true)),
        ("false", .always(false)),
        ("device.os == 'ios'", .os(equal: true, "ios")),
        ("device.os != 'web'", .os(equal: false, "web")),
        ("app.id == '1:1234567890:android:321abc456def7890'", .appID("1:1234567890:android:321abc456def7890")),
        ("app.version.>=(['2.0.0'])", .release(.version, .release(.greaterOrEqual, [2, 0, 0]))),
        ("app.version.<(['2.0.0'])", .release(.version, .release(.less, [2, 0, 0]))),
        ("app.version.==(['1.10'])", .release(.version, .release(.equal, [1, 10]))),
        ("app.build.!=(['42'])", .release(.build, .release(.notEqual, [42]))),
        ("app.build.<=(['120'])", .release(.build, .release(.lessOrEqual, [120]))),
        ("app.build.>(['120'])", .release(.build, .release(.greater, [120]))),
        ("app.version.contains(['1.0.', '2.1.0'])", .release(.version, .text(.contains, ["1.0.", "2.1.0"]))),
        ("app.version.notContains(['beta'])", .release(.version, .text(.notContains, ["beta"]))),
        ("app.build.exactlyMatches(['1.2.3', '1.2.4'])", .release(.build, .text(.exactlyMatches, ["1.2.3", "1.2.4"]))),
        (#"app.version.matches(['^1\\.2\\.\\d$'])"#, .release(.version, .text(.matches, [#"^1\.2\.\d$"#]))),
        ("app.audiences.inAtLeastOne(['Audience 1', 'Audience 2'])", .audiences(.inAtLeastOne, ["Audience 1", "Audience 2"])),
        ("app.audiences.notInAtLeastOne(['Buyers'])", .audiences(.notInAtLeastOne, ["Buyers"])),
        ("app.audiences.inAll(['Buyers', 'Engaged'])", .audiences(.inAll, ["Buyers", "Engaged"])),
        ("app.audiences.notInAll(['Buyers'])", .audiences(.notInAll, ["Buyers"])),
        ("app.firstOpenTimestamp <= ('2022-10-31T14:37:47', 'America/Los_Angeles')",
         .instant(.firstOpen, .lessOrEqual, LocalDateTime(clock: clock("2022-10-31T14:37:47"), zone: "America/Los_Angeles", text: "2022-10-31T14:37:47"))),
        ("app.firstOpenTimestamp > ('2022-10-31T14:37:47')",
         .instant(.firstOpen, .greater, LocalDateTime(clock: clock("2022-10-31T14:37:47"), zone: "UTC", text: "2022-10-31T14:37:47"))),
        ("app.firstOpenTimestamp >= ( '2022-10-31T14:37:47' , 'America/Los_Angeles' )",
         .instant(.firstOpen, .greaterOrEqual, LocalDateTime(clock: clock("2022-10-31T14:37:47"), zone: "America/Los_Angeles", text: "2022-10-31T14:37:47"))),
        ("dateTime < dateTime('2017-03-22T13:39:44', 'America/Los_Angeles')",
         .instant(.dateTime, .less, LocalDateTime(clock: clock("2017-03-22T13:39:44"), zone: "America/Los_Angeles", text: "2017-03-22T13:39:44"))),
        ("dateTime >= dateTime('2017-03-22T13:39:44')",
         .instant(.dateTime, .greaterOrEqual, LocalDateTime(clock: clock("2017-03-22T13:39:44"), zone: "UTC", text: "2017-03-22T13:39:44"))),
        ("app.userProperty['level'] > 2", .signal(.userProperty, key: "level", .number(.greater, 2))),
        ("app.userProperty['spend'] <= 3.99", .signal(.userProperty, key: "spend", .number(.lessOrEqual, 3.99))),
        ("app.userProperty['delta'] >= -2", .signal(.userProperty, key: "delta", .number(.greaterOrEqual, -2))),
        ("app.userProperty['level'] == 3", .signal(.userProperty, key: "level", .number(.equal, 3))),
        ("app.userProperty['level']!=0", .signal(.userProperty, key: "level", .number(.notEqual, 0))),
        ("app.userProperty['tier'].contains(['gol'])", .signal(.userProperty, key: "tier", .text(.contains, ["gol"]))),
        ("app.customSignal['plan'].exactlyMatches(['pro'])", .signal(.customSignal, key: "plan", .text(.exactlyMatches, ["pro"]))),
        ("app.customSignal['sdk'].>=(['1.2.3'])", .signal(.customSignal, key: "sdk", .release(.greaterOrEqual, [1, 2, 3]))),
        ("app.customSignal['count'] < 10", .signal(.customSignal, key: "count", .number(.less, 10))),
        ("app.firebaseInstallationId in ['eyJhbGciOiJ', 'fid2']", .listed(.installationID, ["eyJhbGciOiJ", "fid2"])),
        ("device.country in ['us', 'uk']", .listed(.country, ["us", "uk"])),
        ("device.country in [ 'us' ,'uk' ]", .listed(.country, ["us", "uk"])),
        ("device.language in ['en-US', 'en-UK']", .listed(.language, ["en-US", "en-UK"])),
        ("percent <= 20", .percent(seed: "", PercentRange(lower: nil, upper: 20_000_000))),
        ("percent > 0.5", .percent(seed: "", PercentRange(lower: 500_000, upper: nil))),
        ("percent between 10 and 20", .percent(seed: "", PercentRange(lower: 10_000_000, upper: 20_000_000))),
        ("percent('keyName') between 0 and 20", .percent(seed: "keyName", PercentRange(lower: 0, upper: 20_000_000))),
        ("percent('seed') <= 100", .percent(seed: "seed", PercentRange(lower: nil, upper: 100_000_000))),
        ("percent('a-Z_0.9') > 99.999999", .percent(seed: "a-Z_0.9", PercentRange(lower: 99_999_999, upper: nil))),
        ("percent<=5", .percent(seed: "", PercentRange(lower: nil, upper: 5_000_000))),
    ])
    func readsEveryElementAndOperator(text: String, rule: ConditionRule) throws {
        #expect(try rules(text) == [rule])
    }

    @Test func rulesAreJoinedByAnd() throws {
        let read = try rules("device.os == 'ios' && device.country in ['jp'] && app.version.<(['2.0.0'])")
        #expect(read == [.os(equal: true, "ios"), .listed(.country, ["jp"]), .release(.version, .release(.less, [2, 0, 0]))])
        #expect(try rules("  true  &&  false  ") == [.always(true), .always(false)])
    }

    /// The expressions Firebase's condition reference writes, each as printed there.
    @Test(arguments: [
        "app.firstOpenTimestamp >= ('2022-10-31T14:37:47', 'America/Los_Angeles')",
        "app.firstOpenTimestamp <= ('2022-10-31T14:37:47', 'America/Los_Angeles')",
        "dateTime < dateTime('2017-03-22T13:39:44', 'America/Los_Angeles')",
        "dateTime >= dateTime('2017-03-22T13:39:44')",
        "app.id == '1:1234567890:android:321abc456def7890'",
        "app.audiences.inAtLeastOne(['Audience 1', 'Audience 2'])",
        "app.version.contains(['1.0.', '2.1.0'])",
        "app.build.exactlyMatches(['1.2.3', '1.2.4'])",
        "app.firebaseInstallationId in ['eyJhbGciOiJ', 'fid2']",
        "device.country in ['us', 'uk']",
        "device.language in ['en-US', 'en-UK']",
        "device.os == 'ios'",
        "percent <= 20",
        "percent('keyName') between 0 and 20",
        "device.os == 'ios' && percent <= 5",
    ])
    func everyExampleOfTheReferenceIsRead(expression: String) throws {
        #expect(try !rules(expression).isEmpty)
    }

    @Test func quotedTextKeepsWhatItEscapes() throws {
        #expect(try rules(#"app.userProperty['name'].exactlyMatches(['O\'Brien'])"#) == [.signal(.userProperty, key: "name", .text(.exactlyMatches, ["O'Brien"]))])
    }

    @Test(arguments: [
        ("device.contry in ['jp']", 0, "\"device.contry\" is not an element of the condition reference (did you mean device.country?)"),
        ("device.os == 'ios' || device.os == 'android'", 19, "&& only; || is not part of the syntax"),
        ("device.country == 'US'", 15, "expected in [...] after device.country"),
        ("app.version >= '1.0.1'", 12, "expected a method such as .>=(['2.0.0'])"),
        ("app.version.>=('1.0.1')", 15, "expected a list such as ['a', 'b']"),
        ("app.version.>=(['1.0', '2.0'])", 14, ".>= takes one version in its list"),
        ("app.version.>=(['2.0.0-beta'])", 14, "\"2.0.0-beta\" is not a version of dot-separated numbers"),
        ("app.version.startsWith(['2'])", 12, "\"startsWith\" is not a method of app.version"),
        ("app.userProperty['a'].>=(['1'])", 22, "app.userProperty has no .>= method"),
        ("app.userProperty['a'] > '5'", 24, "> compares numbers: write the number without quotes"),
        ("app.userProperty['tier'] == 'gold'", 28, "== compares numbers; a text is compared with app.userProperty['tier'].exactlyMatches(['…'])"),
        ("app.customSignal['plan'] != 'free'", 28, "!= compares numbers; a text is compared with app.customSignal['plan'].notContains(['…'])"),
        ("app.userProperty['level'] > 5.", 28, "expected a number such as 5, -2 or 3.99"),
        ("app.userProperty['level'] > .5", 28, "expected a number such as 5, -2 or 3.99"),
        ("app.userProperty['level'] > +5", 28, "expected a number such as 5, -2 or 3.99"),
        ("app.userProperty['level'] > = 5", 26, "an operator is written without a space inside it"),
        ("percent < = 5", 8, "an operator is written without a space inside it"),
        ("app.id != 'x'", 7, "expected == after app.id"),
        ("device.os > 'ios'", 10, "expected == or != after device.os"),
        ("device.language == 'en'", 16, "expected in [...] after device.language"),
        ("app.build.inAll(['1'])", 10, "\"inAll\" is not a method of app.build"),
        ("app.audiences.contains(['a'])", 14, "\"contains\" is not an audience method"),
        ("app.customSignal['a'].>=(['1.0', '2.0'])", 24, ".>= takes one version in its list"),
        ("device.os == \"ios\"", 13, "texts are written in single quotes"),
        ("device.os == 'ios", 13, "the quoted text is never closed"),
        ("percent <= 101", 11, "expected a percentage from 0 to 100"),
        ("percent between 20 and 10", 23, "the upper bound is below the lower bound"),
        ("percent < 10", 8, "expected <= or > after percent"),
        ("app.firstOpenTimestamp < ('2022-10-31T14:37:47')", 23, "expected <= or > or >= after app.firstOpenTimestamp"),
        ("device.dateTime < dateTime('2017-03-22T13:39:44')", 0, "device.dateTime is written dateTime in an expression"),
        ("percent <= 0.1234567", 11, "at most six decimals"),
        ("percent <= -1", 11, "expected a percentage from 0 to 100"),
        ("percent between 10", 18, "expected and between the two percentages"),
        ("percent('my seed') <= 5", 8, "a seed is at most 32 letters, digits, -, _ or ."),
        ("percent('\(String(repeating: "s", count: 33))') <= 5", 8, "a seed is at most 32"),
        ("PERCENT <= 5", 0, "\"PERCENT\" is not an element of the condition reference"),
        ("dateTime < ('2017-03-22T13:39:44')", 11, "expected dateTime('…') after dateTime <"),
        ("dateTime < dateTime('2017-03-22')", 20, "is not a date and time such as '2017-03-22T13:39:44'"),
        ("app.audiences.inSome(['a'])", 14, "\"inSome\" is not an audience method"),
        ("app.operatingSystemAndVersion.inOsAndVersion(['x'])", 0, "an element for web apps"),
        ("app.version.matches(['(a+)+$'])", 19, "repeats a group that holds a repetition or an alternative"),
        ("app.version.matches(['(unclosed'])", 19, "is not a regular expression this tool can read"),
        ("device.os == 'ios' &&", 21, "expected an element"),
        ("device.os == 'ios' device.os", 19, "expected && or the end of the expression"),
        ("true && (false)", 8, "expected an element"),
        ("", 0, "expected an element"),
    ])
    func refusesWhatItCannotReadAndSaysWhere(text: String, offset: Int, problem: String) throws {
        try expectRefused(text, at: offset, problem)
    }

    /// Where the parts of a rule meet: `&&` needs a space on each side (the reference); an
    /// element and its `['name']`, `('seed')` or `.method(` are one piece; a keyword stands
    /// between spaces; only spaces (U+0020) separate anything (docs/07).
    @Test(arguments: [
        ("device.os == 'ios'&&percent <= 5", 18, "&& takes a space before and after it"),
        ("device.os == 'ios'&& percent <= 5", 18, "&& takes a space before and after it"),
        ("device.os == 'ios' &&percent <= 5", 19, "&& takes a space before and after it"),
        ("app.version.<(['2.0.0'])&&true", 24, "&& takes a space before and after it"),
        ("app.version .>=(['2.0.0'])", 11, "right after app.version, with no space before the ."),
        ("app.version. >=(['2.0.0'])", 12, "expected a method right after the ., with no space before it"),
        ("app.version.>= (['2.0.0'])", 14, "right after .>=, with no space before the ("),
        ("app.version.contains (['1'])", 20, "right after contains, with no space before the ("),
        ("app.userProperty ['tier'].contains(['g'])", 16, "right after app.userProperty, with no space before the ["),
        ("app.userProperty['tier'] .contains(['g'])", 24, "expected a method right after ], with no space before the ."),
        ("app.audiences .inAll(['a'])", 13, "right after app.audiences, with no space before the ."),
        ("percent ('seed') <= 5", 7, "the seed follows percent with no space"),
        ("dateTime < dateTime ('2017-03-22T13:39:44')", 19, "right after dateTime, with no space before the ("),
        ("percent between10 and 20", 15, "expected a space after between"),
        ("percent between 10and 20", 18, "expected a space before and"),
        ("percent between 10 and20", 22, "expected a space after and"),
        ("device.country in['us']", 17, "expected a space after in"),
        ("device.os ==\t'ios'", 12, "U+0009 is not a space: only spaces (U+0020) separate the parts of a condition"),
        ("device.os == 'ios'\n&& true", 18, "U+000A is not a space"),
        ("device.os\u{00A0}== 'ios'", 9, "U+00A0 is not a space"),
        ("\ttrue", 0, "U+0009 is not a space"),
    ])
    func refusesWhatTheSpacingRulesRefuse(text: String, offset: Int, problem: String) throws {
        try expectRefused(text, at: offset, problem)
    }

    @Test func aPlaceNamesTheTextThere() throws {
        let error = try #require(refusal("device.os == 'ios' || app.id == 'x'"))
        #expect(error.description == #"at offset 19 ("|| app.id == 'x'"): a condition joins its rules with && only; || is not part of the syntax"#)
        let glued = try #require(refusal("device.os == 'ios'&&percent <= 5"))
        #expect(glued.description == #"at offset 18 ("&&percent <= 5"): && takes a space before and after it, as Firebase's condition reference requires"#)
    }

    @Test func aLongExpressionIsReadInOnePass() throws {
        // 10 000 rules, about 640 000 characters: a reader that went back over the text would
        // take minutes; this one takes a fraction of a second.
        let text = Array(repeating: "app.userProperty['tier'].exactlyMatches(['gold', 'silver'])", count: 10_000).joined(separator: " && ")
        #expect(try rules(text).count == 10_000)
        let unclosed = String(repeating: "device.country in ['jp'] && ", count: 20_000) + "device.os == 'ios"
        #expect(refusal(unclosed)?.problem == "the quoted text is never closed")
    }
}
