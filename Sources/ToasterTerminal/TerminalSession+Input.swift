import CNcursesw
import ToasterCore

extension TerminalSession {
    /// Everything typed since the last call, decoded; empty when nothing is waiting.
    func readEvents() -> [AppEvent] {
        var events: [AppEvent] = []
        var code: wint_t = 0
        while true {
            let result = wget_wch(window, &code)
            if result == ERR { break }
            if result == KEY_CODE_YES, Int32(code) == KEY_MOUSE {
                events += readClick()
            } else if let event = result == KEY_CODE_YES ? Self.decodeFunctionKey(Int32(code)) : Self.decodeCharacter(code) {
                events.append(event)
            }
        }
        return events
    }

    private func readClick() -> [AppEvent] {
        var mouse = MEVENT()
        guard getmouse(&mouse) == OK, mouse.bstate & toaster_button1_activations() != 0 else { return [] }
        return [.click(column: Int(mouse.x), row: Int(mouse.y), screenWidth: size.width, screenHeight: size.height)]
    }

    private static func decodeFunctionKey(_ code: Int32) -> AppEvent? {
        switch code {
        case KEY_UP: .key(.up)
        case KEY_DOWN: .key(.down)
        case KEY_LEFT: .key(.left)
        case KEY_RIGHT: .key(.right)
        case KEY_BTAB: .key(.backTab)
        case KEY_ENTER: .key(.enter)
        case KEY_BACKSPACE: .key(.backspace)
        case focusInCode: .focusIn
        case focusOutCode: .focusOut
        default: nil
        }
    }

    private static func decodeCharacter(_ code: wint_t) -> AppEvent? {
        switch code {
        case 3: .key(.controlC)
        case 26: .key(.controlZ)
        case 9: .key(.tab)
        case 10, 13: .key(.enter)
        case 27: .key(.escape)
        case 32: .key(.space)
        case 8, 127: .key(.backspace)
        default: Unicode.Scalar(code).map { .key(.character(Character($0))) }
        }
    }
}
