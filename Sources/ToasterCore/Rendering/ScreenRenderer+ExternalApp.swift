extension ScreenRenderer {
    mutating func drawAppStore(_ page: StorePage) {
        canvas.putTitleBar(UIStrings.appStoreTitle, centred: false)
        guard let listing = page.listing else {
            if bottom > 2 { canvas.put(strings.storeNoListing, x: 2, y: 2, style: .storeText, limit: canvas.width - 4) }
            drawHint(strings.returnHint)
            return
        }
        let facts = ["\(strings.version) \(listing.version)"] + [listing.releaseDate.map { "\(strings.released) \($0.prefix(10))" },
                                                             listing.minimumOSVersion.map(strings.minimumOS)].compactMap { $0 }
        var row = 2
        let layout = StoreLayout(page, language: state.configuration.language, screenHeight: canvas.height)
        let actionRow = layout.actionRow
        for (text, style) in [(TextSanitizer.cleanLine(listing.appName ?? strings.appName), CellStyle.heading),
                              (TextSanitizer.cleanLine(facts.joined(separator: " · ")), .storeText)] where row < actionRow {
            canvas.put(text, x: 2, y: row, style: style, limit: canvas.width - 4)
            row += 1
        }
        if let notes = listing.releaseNotes, row + 2 < actionRow {
            canvas.put(strings.whatsNew, x: 2, y: row + 1, style: .heading, limit: canvas.width - 4)
            row = putParagraph(TextSanitizer.clean(notes), y: row + 2, indent: 2, lastRow: actionRow - 2, style: .storeText)
        }
        if let progress = page.installProgress {
            drawProgress(progress, y: actionRow)
            drawHint(strings.storeInstallingHint, keys: false)
        } else {
            canvas.put(layout.buttonLabel, x: layout.button.lowerBound, y: actionRow, style: .focusedButton)
            drawHint(page.offersUpdate ? strings.storeHint : strings.storeOpenHint)
        }
    }

    private mutating func drawProgress(_ percent: Int, y: Int) {
        let label = "\(strings.storeInstalling) "
        let suffix = String(" \(percent)%")
        let barWidth = max(0, canvas.width - 4 - DisplayWidth.of(label) - suffix.count)
        let filled = barWidth * percent / 100
        var x = 2 + canvas.put(label, x: 2, y: y, style: .storeText)
        x += canvas.put(String(repeating: "█", count: filled), x: x, y: y, style: .progressBar)
        x += canvas.put(String(repeating: "░", count: barWidth - filled), x: x, y: y, style: .storeText)
        canvas.put(suffix, x: x, y: y, style: .storeText)
    }

    mutating func drawBrowser(_ url: String, reason: String?) {
        canvas.putTitleBar(UIStrings.browserTitle, centred: false)
        if bottom > 2 { canvas.put(TextSanitizer.cleanLine(url), x: 2, y: 2, style: .heading, limit: canvas.width - 4) }
        if bottom > 4 { canvas.put(strings.browserNote, x: 2, y: 4, style: .storeText, limit: canvas.width - 4) }
        let reasonLines = reason.map { TextWrapper.wrap(TextSanitizer.cleanLine($0), width: max(1, canvas.width - 4)) } ?? []
        for (offset, line) in reasonLines.enumerated() where 6 + offset < bottom {
            canvas.put(line, x: 2, y: 6 + offset, style: .storeText)
        }
        drawHint(strings.returnHint)
    }
}
