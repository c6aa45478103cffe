/// The texts of the program's own screens in one language (the alert texts are in `AlertTexts`).
struct UIStrings {
    let appName: String
    let savedLinks: String
    let homeHint: String
    let forcedAlertHint: String
    let optionalAlertHint: String
    let linkPageTitle: String
    let linkPageNote: String
    let backHint: String
    let whatsNew: String
    let storeInstallButton: String
    let storeHint: String
    let storeOpenButton: String
    let storeOpenHint: String
    let storeInstalling: String
    let storeInstallingHint: String
    let storeNoListing: String
    let browserNote: String
    let returnHint: String
    let checking: String
    let upToDate: String
    let updateRequired: String
    let checkFailed: String
    let version: String
    let released: String
    let minimumOS: String
    let newVersion: String

    static let wordmark = "T O A S T E R"
    static let appStoreTitle = "App Store"
    static let browserTitle = "Safari"

    static func of(_ language: Language) -> UIStrings {
        switch language {
        case .ko: korean
        case .en: english
        case .ja: japanese
        }
    }

    static let korean = UIStrings(
        appName: "토스터", savedLinks: "저장한 링크", homeHint: "↑↓ 이동 · Enter 열기 · q 종료",
        forcedAlertHint: "←→/Tab 이동 · Enter 선택 · 업데이트해야 계속 쓸 수 있어요",
        optionalAlertHint: "←→/Tab 이동 · Enter 선택 · Esc 다음에",
        linkPageTitle: "‹ 링크", linkPageNote: "앱 안에서 연 링크입니다 (미리보기)", backHint: "Esc/← 뒤로",
        whatsNew: "새로운 기능", storeInstallButton: "[ 업데이트 ]", storeHint: "Enter 업데이트 · Esc/← 앱으로 돌아가기",
        storeOpenButton: "[ 열기 ]", storeOpenHint: "Enter 열기 · Esc/← 앱으로 돌아가기",
        storeInstalling: "설치 중", storeInstallingHint: "설치가 끝나면 앱이 새 버전으로 다시 실행됩니다",
        storeNoListing: "스토어 정보가 없어 설치할 수 없습니다", browserNote: "시뮬레이션: 실제 브라우저는 열지 않습니다",
        returnHint: "Esc/← 앱으로 돌아가기", checking: "업데이트 확인 중…", upToDate: "최신 버전입니다",
        updateRequired: "업데이트 필요", checkFailed: "업데이트 확인 실패", version: "버전", released: "출시",
        minimumOS: "iOS %@ 이상", newVersion: "새 버전")

    static let english = UIStrings(
        appName: "Toaster", savedLinks: "Saved links", homeHint: "↑↓ move · Enter open · q quit",
        forcedAlertHint: "←→/Tab move · Enter choose · update to keep using the app",
        optionalAlertHint: "←→/Tab move · Enter choose · Esc later",
        linkPageTitle: "‹ Link", linkPageNote: "A link opened inside the app (preview)", backHint: "Esc/← back",
        whatsNew: "What's New", storeInstallButton: "[ Update ]", storeHint: "Enter update · Esc/← back to the app",
        storeOpenButton: "[ Open ]", storeOpenHint: "Enter open · Esc/← back to the app",
        storeInstalling: "Installing", storeInstallingHint: "The app relaunches at the new version when done",
        storeNoListing: "No store listing: nothing to install", browserNote: "Simulated: no real browser is opened",
        returnHint: "Esc/← back to the app", checking: "Checking for updates…", upToDate: "Up to date",
        updateRequired: "Update required", checkFailed: "Update check failed", version: "Version", released: "Released",
        minimumOS: "Requires iOS %@", newVersion: "New version")

    static let japanese = UIStrings(
        appName: "トースター", savedLinks: "保存したリンク", homeHint: "↑↓ 移動 · Enter 開く · q 終了",
        forcedAlertHint: "←→/Tab 移動 · Enter 選択 · 使い続けるにはアップデートが必要です",
        optionalAlertHint: "←→/Tab 移動 · Enter 選択 · Esc あとで",
        linkPageTitle: "‹ リンク", linkPageNote: "アプリ内で開いたリンクです（プレビュー）", backHint: "Esc/← 戻る",
        whatsNew: "新機能", storeInstallButton: "[ アップデート ]", storeHint: "Enter アップデート · Esc/← アプリに戻る",
        storeOpenButton: "[ 開く ]", storeOpenHint: "Enter 開く · Esc/← アプリに戻る",
        storeInstalling: "インストール中", storeInstallingHint: "完了すると新しいバージョンでアプリが再起動します",
        storeNoListing: "ストア情報がないためインストールできません", browserNote: "シミュレーション：実際のブラウザは開きません",
        returnHint: "Esc/← アプリに戻る", checking: "アップデートを確認中…", upToDate: "最新バージョンです",
        updateRequired: "アップデートが必要", checkFailed: "アップデート確認に失敗", version: "バージョン", released: "リリース",
        minimumOS: "iOS %@ 以降", newVersion: "新しいバージョン")

    func minimumOS(_ version: String) -> String { minimumOS.replacing("%@", with: version) }
}
