import CNcursesw
import CTerminalSupport
import Glibc
import ToasterCore

/// The terminal while the UI runs: the only owner of ncurses. Setup switches on focus and
/// mouse reporting; every way out (`end()`, a stop, a fatal signal) switches them off again
/// and gives the terminal back as it was.
final class TerminalSession {
    /// Esc alone must feel immediate; escape sequences arrive well within this.
    static let escapeDelayMilliseconds: Int32 = 25

    let palette: Palette
    /// Input bytes of a key not complete yet, kept between reads.
    var decoder = KeyDecoder()
    var window: UnsafeMutablePointer<WINDOW> { toaster_stdscr() }
    private(set) var isActive = false

    /// Checks the environment and opens the terminal; the screen is not touched yet.
    init(theme: Theme) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty, term != "dumb" else {
            throw .dumbTerminal
        }
        try Self.selectUTF8Locale()
        toaster_terminal_remember(STDIN_FILENO)
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
              newterm(term, output, input) != nil else { throw .unknownTerminal(term) }
        if has_colors() {
            start_color()
            use_default_colors()
        }
        palette = Palette(theme: theme, colors: has_colors() ? Int(toaster_colors()) : 0)
        palette.install()
    }

    /// ncurses needs the character type before it starts, and Hangul needs UTF-8: the user's
    /// if it is UTF-8, else C.UTF-8. Only LC_CTYPE: numbers and the rest stay in the C
    /// locale, which is all the libraries underneath expect (and one file to load, not twelve).
    private static func selectUTF8Locale() throws(TerminalError) {
        setlocale(LC_CTYPE, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" { return }
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil, String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" else {
            throw .noUTF8Locale
        }
    }

    /// Takes the screen: raw keys, the alternate screen, focus and mouse reporting. ncurses
    /// only draws: keypad stays off (arrows then come as `ESC [ D`, and `KeyDecoder` reads
    /// either form) and it never looks at input, which the session reads itself.
    func start() {
        raw()
        noecho()
        nonl()
        typeahead(-1)
        curs_set(0)
        refresh()
        writeRaw(Self.reportingOn)
        toaster_terminal_set_ui_active(1)
        isActive = true
    }

    /// Gives the terminal back: focus and mouse reporting off, cursor visible, main screen, line discipline.
    func end() {
        guard isActive else { return }
        isActive = false
        writeRaw(Self.reportingOff)
        curs_set(1)
        endwin()
        toaster_terminal_set_ui_active(0)
    }

    /// Ctrl-Z: the terminal is given back before the process stops, and taken again after `fg`.
    func stopProcess() {
        end()
        toaster_stop_self()
        isActive = true
        toaster_terminal_set_ui_active(1)
        refresh()
        curs_set(0)
        writeRaw(Self.reportingOn)
        repaintAll()
    }

    /// After SIGCONT or SIGWINCH: take the new size and draw everything again.
    func repaintAll() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if toaster_terminal_size(STDOUT_FILENO, &rows, &columns) == 0 { resizeterm(rows, columns) }
        clearok(window, true)
    }

    var size: (width: Int, height: Int) { (Int(toaster_cols()), Int(toaster_lines())) }

    /// Focus reports (1004), and clicks (1000) in SGR form (1006), whose cells have no upper
    /// bound; the fatal-signal handler in CTerminalSupport switches the same modes off.
    private static let reportingOn = "\u{1b}[?1006;1000h\u{1b}[?1004h"
    private static let reportingOff = "\u{1b}[?1004l\u{1b}[?1006;1000l"

    private func writeRaw(_ sequence: String) {
        var bytes = Array(sequence.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
