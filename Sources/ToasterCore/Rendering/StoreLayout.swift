/// Where the simulated App Store's button falls on a screen of a given size: the renderer
/// draws from it and a click is matched against it, as with `AlertLayout`.
struct StoreLayout {
    /// The row of the button, and of the progress bar that replaces it.
    let actionRow: Int
    /// Install, or Open when the store has nothing newer than the installed app.
    let buttonLabel: String
    /// The columns the button covers.
    let button: Range<Int>

    init(_ page: StorePage, language: Language, screenHeight: Int) {
        actionRow = screenHeight - 3
        let strings = UIStrings.of(language)
        buttonLabel = page.offersUpdate ? strings.storeInstallButton : strings.storeOpenButton
        button = 2..<(2 + DisplayWidth.of(buttonLabel))
    }

    func isOnButton(column: Int, row: Int) -> Bool {
        row == actionRow && button.contains(column)
    }
}
