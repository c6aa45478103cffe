/// The Korean texts of the program's own chrome (the alert texts are in `AlertTexts`).
enum UIStrings {
    static let appName = "토스터"
    static let wordmark = "T O A S T E R"
    static let savedLinks = "저장한 링크"
    static let homeHint = "↑↓ 이동 · Enter 열기 · q 종료"
    static let forcedAlertHint = "←→/Tab 이동 · Enter 선택 · 업데이트해야 계속 쓸 수 있어요"
    static let optionalAlertHint = "←→/Tab 이동 · Enter 선택 · Esc 다음에"
    static let linkPageTitle = "‹ 링크"
    static let linkPageNote = "앱 안에서 연 링크입니다 (미리보기)"
    static let backHint = "Esc/← 뒤로"
    static let appStoreTitle = "App Store"
    static let whatsNew = "새로운 기능"
    static let storeInstallButton = "[ 업데이트 ]"
    static let storeHint = "Enter 업데이트 · Esc/← 앱으로 돌아가기"
    static let storeInstalling = "설치 중"
    static let storeInstallingHint = "설치가 끝나면 앱이 새 버전으로 다시 실행됩니다"
    static let storeNoListing = "스토어 정보가 없어 설치할 수 없습니다"
    static let browserTitle = "Safari"
    static let browserNote = "시뮬레이션: 실제 브라우저는 열지 않습니다"
    static let returnHint = "Esc/← 앱으로 돌아가기"
    static let checking = "업데이트 확인 중…"
    static let upToDate = "최신 버전입니다"
    static let updateRequired = "업데이트 필요"
    static let checkFailed = "업데이트 확인 실패"

    static func version(_ version: String) -> String { "버전 \(version)" }
    static func released(_ date: String) -> String { "출시 \(date)" }
    static func minimumOS(_ version: String) -> String { "iOS \(version) 이상" }
    static func newVersion(_ version: String) -> String { "새 버전 \(version)" }
}
