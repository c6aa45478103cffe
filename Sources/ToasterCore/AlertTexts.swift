/// The seed's exact Korean alert texts and button titles.
public enum AlertTexts {
    public static let later = "다음에"
    public static let update = "업데이트"

    public static func title(_ type: AlertType) -> String {
        switch type {
        case .forceUpdate: "신규 기능 업데이트 알림"
        case .noticeFeatUpdate: "기능 업데이트 알림"
        case .noticeUpdate: "업데이트 알림"
        }
    }

    public static func message(_ type: AlertType) -> String {
        switch type {
        case .forceUpdate: "토스터의 새로운 기능을 이용하기 위해서는\n업데이트가 필요해요!\n최신 버전으로 업데이트 하시겠어요?"
        case .noticeFeatUpdate: "토스터의 기능이 추가되었어요!\n지금 바로 업데이트해보세요"
        case .noticeUpdate: "토스터의 사용성이 개선되었어요!\n지금 바로 업데이트해보세요"
        }
    }
}
