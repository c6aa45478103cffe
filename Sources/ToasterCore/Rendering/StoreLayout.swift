/// Where the simulated App Store's install button falls on a screen of a given size: the
/// renderer draws from it and a click is matched against it, as with `AlertLayout`.
struct StoreLayout {
    /// The row of the install button, and of the progress bar that replaces it.
    let actionRow: Int
    /// The columns the install button covers.
    let installButton: Range<Int>

    init(language: Language, screenHeight: Int) {
        actionRow = screenHeight - 3
        installButton = 2..<(2 + DisplayWidth.of(UIStrings.of(language).storeInstallButton))
    }

    func isOnInstallButton(column: Int, row: Int) -> Bool {
        row == actionRow && installButton.contains(column)
    }
}
