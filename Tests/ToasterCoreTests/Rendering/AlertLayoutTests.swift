import Testing
@testable import ToasterCore

/// The button rule of `AlertLayout`: side by side while they fit, then stacked, then shortened.
@Suite struct AlertLayoutTests {
    private func skippable(_ language: Language, focused: Int = 2) -> PresentedAlert {
        var alert = PresentedAlert(AlertModel(type: .noticeFeatUpdate, language: language, skippable: true), updateURL: "")
        alert.focusedIndex = focused
        return alert
    }

    @Test(arguments: [(Language.ko, 80, AlertLayout.Arrangement.sideBySide), (.ko, 51, .stacked), (.ko, 52, .sideBySide),
                      (.en, 49, .stacked), (.en, 50, .sideBySide), (.ja, 63, .stacked), (.ja, 64, .sideBySide),
                      (.ja, 160, .sideBySide), (.ja, 40, .stacked)])
    func fullLabelsSideBySideWhileTheyFitThenStacked(language: Language, width: Int, arrangement: AlertLayout.Arrangement) {
        let alert = skippable(language)
        let layout = AlertLayout(alert, screenWidth: width, screenHeight: 24)
        #expect(layout.arrangement == arrangement)
        #expect(layout.fits && layout.left >= 0 && layout.left + layout.width <= width)
        for (index, title) in alert.model.buttonTitles.enumerated() {
            #expect(layout.labels[index] == (index == 2 ? "[ \(title) ]" : "  \(title)  "))
            // A blank column between the label and its rules, and the click lands on it.
            let columns = layout.columns(ofButton: index)
            #expect(DisplayWidth.of(layout.labels[index]) + 2 <= columns.count)
            for column in [columns.lowerBound, columns.upperBound - 1] {
                #expect(layout.button(atColumn: column, row: layout.row(ofButton: index)) == index)
            }
        }
        #expect(layout.button(atColumn: layout.left, row: layout.firstButtonRow) == nil, "the border is no button")
        #expect(layout.button(atColumn: layout.left + 1, row: layout.separatorRow) == nil)
    }

    @Test func theBoxDoesNotMoveWithTheFocus() {
        for width in [40, 80] {
            let frames = (0..<3).map { AlertLayout(skippable(.ja, focused: $0), screenWidth: width, screenHeight: 24) }
            #expect(Set(frames.map { [$0.left, $0.top, $0.width, $0.height] }).count == 1)
        }
    }

    @Test func onlyWhatCannotFitIsShortenedAndAlwaysWithAnEllipsis() {
        // Too narrow for the Japanese skip label even alone on its row.
        let narrow = AlertLayout(skippable(.ja, focused: 1), screenWidth: 20, screenHeight: 24)
        #expect(narrow.arrangement == .stacked)
        #expect(narrow.labels[0] == "  あとで  ")
        #expect(narrow.labels[1].hasPrefix("[このバージョン") && narrow.labels[1].hasSuffix("…]"))
        #expect(DisplayWidth.of(narrow.labels[1]) <= narrow.width - 2)
        // Too short for one row per button: side by side, shortened.
        let short = AlertLayout(skippable(.ko), screenWidth: 40, screenHeight: 6)
        #expect(short.arrangement == .sideBySide && short.fits)
        #expect(short.labels.contains { $0.contains("…") })
        #expect(short.labels.allSatisfy { !$0.isEmpty })
    }
}
