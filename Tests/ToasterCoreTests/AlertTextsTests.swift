import Testing
@testable import ToasterCore

@Suite struct AlertTextsTests {
    @Test func textsAreTheSeedsExactly() {
        #expect(AlertTexts.title(.forceUpdate) == "신규 기능 업데이트 알림")
        #expect(AlertTexts.message(.forceUpdate) == "토스터의 새로운 기능을 이용하기 위해서는\n업데이트가 필요해요!\n최신 버전으로 업데이트 하시겠어요?")
        #expect(AlertTexts.title(.noticeFeatUpdate) == "기능 업데이트 알림")
        #expect(AlertTexts.message(.noticeFeatUpdate) == "토스터의 기능이 추가되었어요!\n지금 바로 업데이트해보세요")
        #expect(AlertTexts.title(.noticeUpdate) == "업데이트 알림")
        #expect(AlertTexts.message(.noticeUpdate) == "토스터의 사용성이 개선되었어요!\n지금 바로 업데이트해보세요")
    }

    @Test func forcedHasOnlyUpdateAndOptionalHasLaterThenUpdate() {
        #expect(AlertModel(type: .forceUpdate).buttonTitles == ["업데이트"])
        #expect(AlertModel(type: .noticeFeatUpdate).buttonTitles == ["다음에", "업데이트"])
        #expect(AlertModel(type: .noticeUpdate).buttons.map(\.role) == [.later, .update])
    }

    @Test func blankPayloadTextsKeepTheDefaults() {
        let model = AlertModel(type: .forceUpdate, texts: AlertTextOverride(title: "  ", message: nil, buttonTitle: ""))
        #expect(model.title == "신규 기능 업데이트 알림")
        #expect(model.buttonTitles == ["업데이트"])
    }
}
