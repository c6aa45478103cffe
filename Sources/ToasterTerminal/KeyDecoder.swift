import ToasterCore

/// Terminal input bytes to what they mean, in the manner of Bubble Tea's input reader: pure,
/// with no terminal and no terminfo, so that every form a terminal sends is tested as bytes.
///
/// It accepts arrows as CSI (`ESC [ D`, what terminals send outside application cursor mode)
/// and SS3 (`ESC O D`), with modifiers (`ESC [ 1 ; 5 D`, ignored); Home/End (`ESC [ H`/`F`,
/// `ESC O H`/`F`, `ESC [ 1 ~`/`4 ~`/`7 ~`/`8 ~`); Shift-Tab (`ESC [ Z`); focus (`ESC [ I`/`O`);
/// SGR mouse reports (`ESC [ < b ; x ; y M`/`m`) and the older X10 ones (`ESC [ M` and three
/// bytes); control bytes; UTF-8 characters. A known sequence is never read as Esc, an unknown
/// CSI or SS3 sequence is dropped whole, and ESC followed by anything else is Esc and then that
/// key. A sequence cut short at the end of the bytes waits in `pending` for the rest; once the
/// escape delay has passed without it, `flush()` ends it (a lone ESC is Esc).
struct KeyDecoder {
    /// One thing the terminal said.
    enum Input: Equatable {
        case key(Key)
        case focusIn
        case focusOut
        /// A mouse button pressed or released at a 0-based cell; button 0 is the left one.
        case mouse(button: Int, column: Int, row: Int, released: Bool)
    }

    /// Longer than any sequence a terminal sends for a key, a focus change or a click.
    static let longestSequence = 64

    /// Bytes of a sequence or character not yet complete.
    private(set) var pending: [UInt8] = []
    /// X10 reports say "released" without the button: the last one pressed.
    private var lastPressedButton = 0

    /// Whether bytes wait for the rest of their sequence (the caller waits the escape delay).
    var isWaiting: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Input] {
        pending += bytes
        return decode(atEnd: false)
    }

    /// No more bytes came within the escape delay: what is pending ends here.
    mutating func flush() -> [Input] {
        decode(atEnd: true)
    }

    private mutating func decode(atEnd: Bool) -> [Input] {
        var inputs: [Input] = []
        var index = 0
        while index < pending.count {
            switch step(at: index, atEnd: atEnd) {
            case let .decoded(input, length):
                if let input { inputs.append(input) }
                index += length
            case .incomplete where pending.count - index > Self.longestSequence:
                // No key is this long: bytes that only ever extend a sequence are dropped.
                index = pending.count
            case .incomplete:
                pending.removeFirst(index)
                return inputs
            }
        }
        pending.removeAll()
        return inputs
    }

    private enum Step {
        /// `length` bytes read; nil for bytes that mean nothing to the app.
        case decoded(Input?, length: Int)
        /// The bytes from here may be the start of something longer.
        case incomplete
    }

    private mutating func step(at index: Int, atEnd: Bool) -> Step {
        let byte = pending[index]
        switch byte {
        case 0x1B: return escape(at: index, atEnd: atEnd)
        case 0x0D, 0x0A: return .decoded(.key(.enter), length: 1)
        case 0x09: return .decoded(.key(.tab), length: 1)
        case 0x20: return .decoded(.key(.space), length: 1)
        case 0x7F, 0x08: return .decoded(.key(.backspace), length: 1)
        case 0x03: return .decoded(.key(.controlC), length: 1)
        case 0x1A: return .decoded(.key(.controlZ), length: 1)
        case 0x00..<0x20: return .decoded(nil, length: 1)
        case 0x21..<0x7F: return .decoded(.key(.character(Character(Unicode.Scalar(byte)))), length: 1)
        default: return character(at: index, atEnd: atEnd)
        }
    }

    /// ESC: the start of a CSI or SS3 sequence, or the Esc key.
    private mutating func escape(at index: Int, atEnd: Bool) -> Step {
        guard index + 1 < pending.count else { return atEnd ? .decoded(.key(.escape), length: 1) : .incomplete }
        switch pending[index + 1] {
        case UInt8(ascii: "["): return controlSequence(at: index, atEnd: atEnd)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return atEnd ? .decoded(nil, length: 2) : .incomplete }
            let final = pending[index + 2]
            // Not a sequence after all: Esc, then `O` and what follows as typed.
            guard (0x40...0x7E).contains(final) else { return .decoded(.key(.escape), length: 1) }
            return .decoded(Self.singleShift(final), length: 3)
        default: return .decoded(.key(.escape), length: 1)
        }
    }

    /// `ESC O x`, as terminals in application cursor or keypad mode send keys.
    private static func singleShift(_ final: UInt8) -> Input? {
        switch final {
        case UInt8(ascii: "A"): .key(.up)
        case UInt8(ascii: "B"): .key(.down)
        case UInt8(ascii: "C"): .key(.right)
        case UInt8(ascii: "D"): .key(.left)
        case UInt8(ascii: "H"): .key(.home)
        case UInt8(ascii: "F"): .key(.end)
        case UInt8(ascii: "M"): .key(.enter)
        default: nil
        }
    }

    /// `ESC [`, parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), a final byte
    /// (0x40–0x7E), as ECMA-48 lays a control sequence out.
    private mutating func controlSequence(at index: Int, atEnd: Bool) -> Step {
        var end = index + 2
        while end < pending.count, (0x30...0x3F).contains(pending[end]) { end += 1 }
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        while end < pending.count, (0x20...0x2F).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return atEnd ? .decoded(nil, length: end - index) : .incomplete }
        let final = pending[end]
        // A byte that cannot be in a sequence ends a broken one; it is read on its own.
        guard (0x40...0x7E).contains(final) else { return .decoded(nil, length: end - index) }
        let length = end + 1 - index
        if final == UInt8(ascii: "M"), parameters.isEmpty { return x10Mouse(at: end + 1, length: length, atEnd: atEnd) }
        return .decoded(Self.controlSequenceInput(parameters, final), length: length)
    }

    private static func controlSequenceInput(_ parameters: String, _ final: UInt8) -> Input? {
        if parameters.hasPrefix("<") { return sgrMouse(parameters.dropFirst(), released: final == UInt8(ascii: "m")) }
        // Private sequences (`?`, `=`, `>`) are answers to queries the program never makes.
        guard parameters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return nil }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case UInt8(ascii: "A"): return .key(.up)
        case UInt8(ascii: "B"): return .key(.down)
        case UInt8(ascii: "C"): return .key(.right)
        case UInt8(ascii: "D"): return .key(.left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "Z"): return .key(.backTab)
        case UInt8(ascii: "I") where parameters.isEmpty: return .focusIn
        case UInt8(ascii: "O") where parameters.isEmpty: return .focusOut
        case UInt8(ascii: "~"):
            switch numbers.first ?? nil {
            case 1, 7: return .key(.home)
            case 4, 8: return .key(.end)
            default: return nil
            }
        default: return nil
        }
    }

    /// `ESC [ < b ; x ; y M` (pressed) or `m` (released), cells counted from 1.
    private static func sgrMouse(_ parameters: Substring, released: Bool) -> Input? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        return .mouse(button: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1, released: released)
    }

    /// `ESC [ M` and three bytes, each value plus 32: the button (3 for a release), the column
    /// and the row, from 1.
    private mutating func x10Mouse(at start: Int, length: Int, atEnd: Bool) -> Step {
        guard start + 3 <= pending.count else { return atEnd ? .decoded(nil, length: pending.count - start + length) : .incomplete }
        let (code, column, row) = (Int(pending[start]) - 32, Int(pending[start + 1]) - 33, Int(pending[start + 2]) - 33)
        let total = length + 3
        guard code >= 0, column >= 0, row >= 0 else { return .decoded(nil, length: total) }
        // Motion and wheel reports are not presses.
        guard code & (32 | 64) == 0 else { return .decoded(.mouse(button: code, column: column, row: row, released: false), length: total) }
        if code & 3 == 3 { return .decoded(.mouse(button: lastPressedButton, column: column, row: row, released: true), length: total) }
        lastPressedButton = code & 3
        return .decoded(.mouse(button: code & 3, column: column, row: row, released: false), length: total)
    }

    /// A UTF-8 character of two to four bytes; a byte that cannot start or continue one is dropped.
    private func character(at index: Int, atEnd: Bool) -> Step {
        let lead = pending[index]
        let length = switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
        guard length > 0 else { return .decoded(nil, length: 1) }
        let available = min(length, pending.count - index)
        let continuations = pending[(index + 1)..<(index + available)]
        // A lead byte followed by something else is broken: drop it, read the rest on its own.
        guard continuations.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .decoded(nil, length: 1) }
        guard available == length else { return atEnd ? .decoded(nil, length: available) : .incomplete }
        var iterator = pending[index..<(index + length)].makeIterator()
        var utf8 = UTF8()
        guard case .scalarValue(let scalar) = utf8.decode(&iterator) else { return .decoded(nil, length: length) }
        return .decoded(.key(.character(Character(scalar))), length: length)
    }
}
