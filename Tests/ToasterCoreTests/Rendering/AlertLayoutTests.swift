import Testing
@testable import ToasterCore

/// `AlertLayout`, pure: buttons as UIAlertController lays out actions, and what gives way
/// when the rows run short.
@Suite struct AlertLayoutTests {
    private func alert(_ type: AlertType = .noticeFeatUpdate, _ language: Language = .ko, skippable: Bool = false,
                       texts: AlertTextOverride? = nil, focused: Int? = nil) -> PresentedAlert {
        var alert = PresentedAlert(AlertModel(type: type, language: language, texts: texts, skippable: skippable), updateURL: "")
        if let focused { alert.focusedIndex = focused }
        return alert
    }

    @Test(arguments: [Language.ko, .en, .ja], [200, 80, 40])
    func threeActionsAlwaysStackInTheOrderAdded(language: Language, width: Int) {
        let skip = alert(.noticeFeatUpdate, language, skippable: true)
        let layout = AlertLayout(skip, screenWidth: width, rows: 22)
        #expect(layout.arrangement == .stacked && layout.fits)
        #expect(skip.model.buttons.map(\.role) == [.update, .later, .skip], "Siren's order: Update, Next time, Skip")
        #expect(skip.focusedIndex == 0, "업데이트 has the focus first")
        for (index, title) in skip.model.buttonTitles.enumerated() {
            #expect(layout.row(ofButton: index) == layout.firstButtonRow + index, "top to bottom in order")
            #expect(layout.labels[index] == (index == 0 ? "[ \(title) ]" : "  \(title)  "))
            // Every column inside the borders on the button's row is the button, and nothing else is.
            let columns = layout.columns(ofButton: index)
            #expect(columns == (layout.left + 1)..<(layout.left + layout.width - 1))
            for column in [columns.lowerBound, columns.upperBound - 1] {
                #expect(layout.button(atColumn: column, row: layout.row(ofButton: index)) == index)
            }
            #expect(DisplayWidth.of(layout.labels[index]) + 2 <= columns.count, "a blank column either side")
        }
        #expect(layout.button(atColumn: layout.left, row: layout.firstButtonRow) == nil, "the border is no button")
        #expect(layout.button(atColumn: layout.left + 1, row: layout.separatorRow) == nil)
        #expect(layout.left >= 0 && layout.left + layout.width <= width)
    }

    @Test(arguments: [Language.ko, .en, .ja], [200, 80, 40])
    func twoActionsSitSideBySideInTheOrderAdded(language: Language, width: Int) {
        let optional = alert(.noticeFeatUpdate, language)
        let layout = AlertLayout(optional, screenWidth: width, rows: 22)
        #expect(layout.arrangement == .sideBySide && layout.fits)
        #expect(optional.model.buttons.map(\.role) == [.later, .update])
        #expect(layout.buttonEdges.count == 3)
        let halves = [layout.columns(ofButton: 0), layout.columns(ofButton: 1)]
        #expect(abs(halves[0].count - halves[1].count) <= 1, "equal halves")
        #expect(halves[0].upperBound < halves[1].lowerBound, "later on the left")
        #expect(layout.row(ofButton: 0) == layout.row(ofButton: 1))
        #expect(layout.button(atColumn: halves[0].upperBound, row: layout.firstButtonRow) == nil, "the rule is no button")
    }

    /// A title that does not fit its half stacks the pair, as UIAlertController does; the box
    /// grows to hold a pair side by side only up to its maximum width.
    @Test func twoActionsStackWhenATitleDoesNotFitItsHalf() {
        let fits = alert(texts: AlertTextOverride(buttonTitle: String(repeating: "가", count: 9)))  // 18 columns: a half is 18 + 6 of 52
        #expect(AlertLayout(fits, screenWidth: 80, rows: 22).arrangement == .sideBySide)
        let long = alert(texts: AlertTextOverride(buttonTitle: String(repeating: "가", count: 10)))
        let layout = AlertLayout(long, screenWidth: 80, rows: 22)
        #expect(layout.arrangement == .stacked && layout.fits)
        #expect(layout.row(ofButton: 0) < layout.row(ofButton: 1), "다음에 above, as added")
        #expect(layout.labels[1] == "[ \(String(repeating: "가", count: 10)) ]")
        // A screen narrower than the pair (two halves of `[ 업데이트 ]` and a blank either side): stacked.
        #expect(AlertLayout(alert(), screenWidth: 30, rows: 22).arrangement == .stacked)
        #expect(AlertLayout(alert(), screenWidth: 31, rows: 22).arrangement == .sideBySide)
    }

    @Test func theBoxDoesNotMoveWithTheFocus() {
        for width in [40, 80] {
            let frames = (0..<3).map { AlertLayout(alert(.noticeFeatUpdate, .ja, skippable: true, focused: $0), screenWidth: width, rows: 22) }
            #expect(Set(frames.map { [$0.left, $0.top, $0.width, $0.height] }).count == 1)
        }
    }

    /// The box stays inside the rows it is given, at every size; text gives way before the
    /// buttons, marked with `…`; below a title row and the buttons it does not fit at all.
    @Test(arguments: [AlertType.forceUpdate, .noticeFeatUpdate])
    func theBoxStaysInsideItsRows(type: AlertType) {
        for skippable in type.isForced ? [false] : [false, true] {
            for width in 1...90 {
                for rows in 0...20 {
                    let layout = AlertLayout(alert(type, skippable: skippable), screenWidth: width, rows: rows)
                    guard layout.fits else {
                        #expect(layout.button(atColumn: width / 2, row: rows / 2) == nil, "nothing to click")
                        continue
                    }
                    #expect(layout.top >= 0 && layout.top + layout.height <= rows, "\(width)×\(rows)")
                    #expect(layout.left >= 0 && layout.left + layout.width <= width, "\(width)×\(rows)")
                    #expect(layout.title.count >= 1)
                    let lines = layout.title + layout.message
                    #expect(lines.allSatisfy { DisplayWidth.of($0) <= layout.width - 4 }, "\(width)×\(rows): \(lines)")
                    #expect(layout.labels.allSatisfy { !$0.contains("…") }, "every title whole at \(width)×\(rows)")
                }
            }
        }
    }

    @Test func cutTextEndsInAnEllipsis() {
        let forced = alert(.forceUpdate)
        let full = AlertLayout(forced, screenWidth: 30, rows: 20)
        #expect(full.message.count == 5 && full.message.allSatisfy { !$0.hasSuffix("…") })
        #expect(full.gap)
        // One row short: the blank row under the title goes, nothing else.
        let tight = AlertLayout(forced, screenWidth: 30, rows: 10)
        #expect(!tight.gap && tight.message == full.message && tight.height == 10)
        // Three message lines fit of five: the third ends in `…`.
        let cut = AlertLayout(forced, screenWidth: 30, rows: 8)
        #expect(!cut.gap && cut.message == [full.message[0], full.message[1], full.message[2] + "…"])
        #expect(cut.top + cut.height == 8)
        // Room for the title only: the title says more follows, within the box's text width.
        let titleOnly = AlertLayout(forced, screenWidth: 30, rows: 5)
        #expect(titleOnly.message.isEmpty && titleOnly.title == ["신규 기능 업데이트 알…"])
        // A line as wide as the box's text loses its last character to the `…`.
        #expect(TextWrapper.continued("가나다", width: 6) == "가나…")
        #expect(TextWrapper.continued("가나", width: 6) == "가나…")
    }

    @Test func belowTheButtonsItDoesNotFit() {
        // The forced alert needs five rows: borders, a title row, the separator, the button.
        #expect(AlertLayout(alert(.forceUpdate), screenWidth: 30, rows: 5).fits)
        #expect(!AlertLayout(alert(.forceUpdate), screenWidth: 30, rows: 4).fits)
        // Three stacked buttons: seven rows.
        #expect(AlertLayout(alert(skippable: true), screenWidth: 30, rows: 7).fits)
        #expect(!AlertLayout(alert(skippable: true), screenWidth: 30, rows: 6).fits)
        // `[업데이트]` and the borders: twelve columns.
        #expect(AlertLayout(alert(.forceUpdate), screenWidth: 12, rows: 8).fits)
        #expect(!AlertLayout(alert(.forceUpdate), screenWidth: 11, rows: 8).fits)
    }

    /// A title wider than the alert's text (a payload's) is shortened, never the screen's fault.
    @Test func onlyATitleWiderThanTheTextIsShortened() {
        let title = String(repeating: "x", count: 60)
        let layout = AlertLayout(alert(.forceUpdate, texts: AlertTextOverride(buttonTitle: title)), screenWidth: 56, rows: 20)
        #expect(layout.fits)
        #expect(layout.labels[0].hasPrefix("[xxx") && layout.labels[0].hasSuffix("…]"))
        #expect(DisplayWidth.of(layout.labels[0]) <= layout.width - 2)
    }
}
