import FoundationEssentials
import Testing
@testable import ToasterCore

@Suite struct UIStringsTests {
    @Test func textsAreTheSeedsExactly() {
        let korean = UIStrings.of(.ko)
        #expect(korean.title(.forceUpdate) == "신규 기능 업데이트 알림")
        #expect(korean.message(.forceUpdate) == "토스터의 새로운 기능을 이용하기 위해서는\n업데이트가 필요해요!\n최신 버전으로 업데이트 하시겠어요?")
        #expect(korean.title(.noticeFeatUpdate) == "기능 업데이트 알림")
        #expect(korean.message(.noticeFeatUpdate) == "토스터의 기능이 추가되었어요!\n지금 바로 업데이트해보세요")
        #expect(korean.title(.noticeUpdate) == "업데이트 알림")
        #expect(korean.message(.noticeUpdate) == "토스터의 사용성이 개선되었어요!\n지금 바로 업데이트해보세요")
    }

    @Test func forcedHasOnlyUpdateAndOptionalHasLaterThenUpdate() {
        #expect(AlertModel(type: .forceUpdate).buttonTitles == ["업데이트"])
        #expect(AlertModel(type: .noticeFeatUpdate).buttonTitles == ["다음에", "업데이트"])
        #expect(AlertModel(type: .noticeUpdate).buttons.map(\.role) == [.later, .update])
    }

    @Test func everyLanguageHasEveryText() {
        for language in Language.allCases {
            let forced = AlertModel(type: .forceUpdate, language: language)
            let optional = AlertModel(type: .noticeFeatUpdate, language: language)
            #expect(forced.buttonTitles.count == 1 && optional.buttonTitles.count == 2)
            #expect(Set(AlertType.allCases.map { UIStrings.of(language).title($0) }).count == 3)
        }
        #expect(AlertModel(type: .noticeUpdate, language: .en).buttonTitles == ["Later", "Update"])
        #expect(AlertModel(type: .forceUpdate, language: .ja).buttonTitles == ["アップデート"])
        #expect(AlertModel(type: .forceUpdate, language: .en, texts: AlertTextOverride(title: "お願い")).title == "お願い",
                "a payload's text wins over the language")
    }

    /// The tables' initializer already refuses a missing text; this catches an empty one, a
    /// list of the wrong length, a language answering with another's table, and a text with
    /// values that drops one.
    @Test(arguments: Language.allCases)
    func everyTableIsCompleteAndItsOwn(language: Language) {
        let strings = UIStrings.of(language)
        for child in Mirror(reflecting: strings).children {
            if let text = child.value as? String { #expect(!text.trimmingWhitespace().isEmpty, "\(language) \(child.label ?? "")") }
            if let list = child.value as? [String] { #expect(list.allSatisfy { !$0.isEmpty }, "\(language) \(child.label ?? "")") }
        }
        #expect(strings.sampleLinkTitles.count == SavedLink.sampleURLs.count)
        for gate in [HoldBack.releaseAge(releasedAt: Date(timeIntervalSince1970: 0), days: 7), .releaseDateUnknown(days: 3),
                     .osVersion(required: "17.0", device: "15.4"), .frequency(shownAt: Date(timeIntervalSince1970: 0), until: Date(timeIntervalSince1970: 86_400)), .skippedVersion("1.10.0")] {
            let values: [String] = switch gate {
            case .releaseAge: ["1970-01-01T00:00:00Z", "7"]
            case .releaseDateUnknown: ["3"]
            case .osVersion: ["17.0", "15.4"]
            case .frequency: ["1970-01-01T00:00:00Z", "1970-01-02T00:00:00Z"]
            case .skippedVersion: ["1.10.0"]
            }
            let text = strings.explanation(gate)
            #expect(values.allSatisfy(text.contains), "\(language): \(text)")
        }
        #expect(strings.minimumOS("17.0").contains("17.0"))
        #expect(Set(CheckFailure.Kind.allCases.map(strings.leadIn)).count == CheckFailure.Kind.allCases.count)
        for other in Language.allCases where other != language {
            #expect(UIStrings.of(other).appName != strings.appName && UIStrings.of(other).homeHint != strings.homeHint)
        }
    }

    @Test(arguments: [(String?.some("en"), [String: String](), Language?.some(.en)), ("ja_JP.UTF-8", [:], .ja), ("fr", [:], nil),
                      (nil, ["LANG": "ja_JP.UTF-8"], .ja), (nil, ["LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"], .en),
                      (nil, ["LC_ALL": "", "LC_MESSAGES": "en_GB", "LANG": "ko_KR.UTF-8"], .en), (nil, ["LANG": "C.UTF-8"], .ko),
                      (nil, [:], .ko), (nil, ["LANG": "POSIX"], .ko), (nil, ["LANG": "fr_FR.UTF-8"], .en),
                      (nil, ["LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP.UTF-8"], .en), (nil, ["LANG": "zh-Hant"], .en)])
    func languageComesFromTheFlagThenTheEnvironment(flag: String?, environment: [String: String], expected: Language?) {
        #expect(Language.resolve(flag: flag, environment: environment) == expected)
    }

    /// The app's own strings follow the device's language, so the alert does too: a simulated
    /// device in ja-JP gets the Japanese alert beside a Japanese template text, whatever LANG says.
    @Test(arguments: [(String?.none, "ja-JP", Language?.some(.ja)), (nil, "de-DE", .en), (nil, "ko", .ko), (nil, "", .en),
                      ("ko", "ja-JP", .ko), ("fr", "ja-JP", nil)])
    func deviceLanguageComesAfterTheFlagBeforeTheEnvironment(flag: String?, device: String, expected: Language?) {
        #expect(Language.resolve(flag: flag, deviceLanguage: device, environment: ["LANG": "ko_KR.UTF-8"]) == expected)
    }

    @Test func blankPayloadTextsKeepTheDefaults() {
        let model = AlertModel(type: .forceUpdate, texts: AlertTextOverride(title: "  ", message: nil, buttonTitle: ""))
        #expect(model.title == "신규 기능 업데이트 알림")
        #expect(model.buttonTitles == ["업데이트"])
    }
}
