import Testing
@testable import ToasterCore

@Suite struct AlertTextsTests {
    @Test func textsAreTheSeedsExactly() {
        #expect(AlertTexts.title(.forceUpdate, .ko) == "신규 기능 업데이트 알림")
        #expect(AlertTexts.message(.forceUpdate, .ko) == "토스터의 새로운 기능을 이용하기 위해서는\n업데이트가 필요해요!\n최신 버전으로 업데이트 하시겠어요?")
        #expect(AlertTexts.title(.noticeFeatUpdate, .ko) == "기능 업데이트 알림")
        #expect(AlertTexts.message(.noticeFeatUpdate, .ko) == "토스터의 기능이 추가되었어요!\n지금 바로 업데이트해보세요")
        #expect(AlertTexts.title(.noticeUpdate, .ko) == "업데이트 알림")
        #expect(AlertTexts.message(.noticeUpdate, .ko) == "토스터의 사용성이 개선되었어요!\n지금 바로 업데이트해보세요")
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
            #expect(Set(AlertType.allCases.map { AlertTexts.title($0, language) }).count == 3)
        }
        #expect(AlertModel(type: .noticeUpdate, language: .en).buttonTitles == ["Later", "Update"])
        #expect(AlertModel(type: .forceUpdate, language: .ja).buttonTitles == ["アップデート"])
        #expect(AlertModel(type: .forceUpdate, language: .en, texts: AlertTextOverride(title: "お願い")).title == "お願い",
                "a payload's text wins over the language")
    }

    @Test(arguments: [(String?.some("en"), [String: String](), Language?.some(.en)), ("ja_JP.UTF-8", [:], .ja), ("fr", [:], nil),
                      (nil, ["LANG": "ja_JP.UTF-8"], .ja), (nil, ["LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"], .en),
                      (nil, ["LC_ALL": "", "LC_MESSAGES": "en_GB", "LANG": "ko_KR.UTF-8"], .en), (nil, ["LANG": "C.UTF-8"], .ko),
                      (nil, [:], .ko)])
    func languageComesFromTheFlagThenTheEnvironment(flag: String?, environment: [String: String], expected: Language?) {
        #expect(Language.resolve(flag: flag, environment: environment) == expected)
    }

    @Test func blankPayloadTextsKeepTheDefaults() {
        let model = AlertModel(type: .forceUpdate, texts: AlertTextOverride(title: "  ", message: nil, buttonTitle: ""))
        #expect(model.title == "신규 기능 업데이트 알림")
        #expect(model.buttonTitles == ["업데이트"])
    }
}
