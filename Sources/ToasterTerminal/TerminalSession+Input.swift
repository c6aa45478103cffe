import Glibc
import ToasterCore

extension TerminalSession {
    /// Everything typed since the last call, decoded; empty when nothing is waiting. ncurses
    /// reads no input (keypad off, no typeahead check): the bytes go to `KeyDecoder`, which
    /// knows every form of a key whatever the terminal's cursor mode.
    func readEvents() -> [TerminalEvent] {
        var inputs = decoder.feed(Self.readAvailable(waitingMilliseconds: 0))
        // A lone ESC, or a sequence cut short, waits the escape delay for its rest; a few
        // times at most, so that a flood of bytes cannot keep signals and drawing waiting.
        for _ in 0..<4 where decoder.isWaiting {
            let more = Self.readAvailable(waitingMilliseconds: Self.escapeDelayMilliseconds)
            inputs += more.isEmpty ? decoder.flush() : decoder.feed(more)
        }
        if decoder.isWaiting { inputs += decoder.flush() }
        return inputs.compactMap(event)
    }

    private func event(_ input: KeyDecoder.Input) -> TerminalEvent? {
        switch input {
        case .key(let key): .key(key)
        case .focusIn: .focusIn
        case .focusOut: .focusOut
        // A click is the left button's release, as UIKit acts on touch-up.
        case let .mouse(button, column, row, released):
            button == 0 && released ? .click(column: column, row: row, screenWidth: size.width, screenHeight: size.height) : nil
        }
    }

    /// What standard input holds, waiting at most this long for the first byte.
    private static func readAvailable(waitingMilliseconds: Int32) -> [UInt8] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, waitingMilliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}
