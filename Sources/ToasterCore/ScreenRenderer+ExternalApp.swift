extension ScreenRenderer {
    mutating func drawAppStore(_ page: StorePage) {
        drawTitleBar(UIStrings.appStoreTitle, centred: false)
        guard let listing = page.listing else {
            if bottom > 2 { canvas.put(UIStrings.storeNoListing, x: 2, y: 2, style: .storeText, limit: canvas.width - 4) }
            drawHint(UIStrings.returnHint)
            return
        }
        let facts = [UIStrings.version(listing.version)] + [listing.releaseDate.map(UIStrings.released),
                                                             listing.minimumOSVersion.map(UIStrings.minimumOS)].compactMap { $0 }
        var row = 2
        let actionRow = bottom - 2
        for (text, style) in [(TextSanitizer.cleanLine(listing.appName), CellStyle.heading),
                              (TextSanitizer.cleanLine(facts.joined(separator: " · ")), .storeText)] where row < actionRow {
            canvas.put(text, x: 2, y: row, style: style, limit: canvas.width - 4)
            row += 1
        }
        if let notes = listing.releaseNotes, row + 2 < actionRow {
            canvas.put(UIStrings.whatsNew, x: 2, y: row + 1, style: .heading, limit: canvas.width - 4)
            row = putParagraph(TextSanitizer.clean(notes), y: row + 2, indent: 2, lastRow: actionRow - 2, style: .storeText)
        }
        if let progress = page.installProgress {
            drawProgress(progress, y: actionRow)
            drawHint(UIStrings.storeInstallingHint)
        } else {
            canvas.put(UIStrings.storeInstallButton, x: 2, y: actionRow, style: .focusedButton)
            drawHint(UIStrings.storeHint)
        }
    }

    private mutating func drawProgress(_ percent: Int, y: Int) {
        let label = "\(UIStrings.storeInstalling) "
        let suffix = String(" \(percent)%")
        let barWidth = max(0, canvas.width - 4 - DisplayWidth.of(label) - suffix.count)
        let filled = barWidth * percent / 100
        var x = 2 + canvas.put(label, x: 2, y: y, style: .storeText)
        x += canvas.put(String(repeating: "█", count: filled), x: x, y: y, style: .progressBar)
        x += canvas.put(String(repeating: "░", count: barWidth - filled), x: x, y: y, style: .storeText)
        canvas.put(suffix, x: x, y: y, style: .storeText)
    }

    mutating func drawBrowser(_ url: String) {
        drawTitleBar(UIStrings.browserTitle, centred: false)
        if bottom > 2 { canvas.put(TextSanitizer.cleanLine(url), x: 2, y: 2, style: .heading, limit: canvas.width - 4) }
        if bottom > 4 { canvas.put(UIStrings.browserNote, x: 2, y: 4, style: .storeText, limit: canvas.width - 4) }
        drawHint(UIStrings.returnHint)
    }
}
