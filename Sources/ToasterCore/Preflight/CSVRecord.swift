/// One record of a CSV file, with the line it starts on (a quoted field may span lines).
public struct CSVRecord: Sendable, Equatable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }

    /// The records of RFC 4180 CSV text as analytics tools export it: fields separated by
    /// commas, records by LF or CRLF; a field in double quotes may hold commas, line breaks and
    /// doubled quotes (`""`); a UTF-8 byte order mark is skipped, and a final line break ends
    /// the last record rather than starting an empty one. A quote inside an unquoted field is
    /// kept as it is (`5"`). Each record is returned as it is, so that a short or long row can
    /// be named by its line. One pass over the bytes, never going back: linear in the input.
    /// Why this is not a CSV package: docs/04.
    public static func records(in text: String) throws(InstalledBaseError) -> [CSVRecord] {
        var reader = Reader()
        var input = text.utf8[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        for byte in input { try reader.read(byte) }
        return try reader.finish()
    }

    /// The reader's state between bytes.
    private struct Reader {
        static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

        enum Place {
            /// At the start of a field, or in an unquoted one.
            case unquoted
            /// Inside quotes.
            case quoted
            /// Just after a quote inside quotes: a second one is a quote, anything else ends the quotes.
            case quoteInQuotes
            /// After a quoted field's closing quote: only a comma or a line break may follow.
            case closed
        }

        var records: [CSVRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var place = Place.unquoted
        /// Whether anything of the current record has been read (a final line break ends it).
        var started = false
        var line = 1, recordLine = 1, quoteLine = 1
        /// A carriage return waiting to see whether a line feed follows.
        var pendingReturn = false

        mutating func read(_ byte: UInt8) throws(InstalledBaseError) {
            if pendingReturn {
                pendingReturn = false
                if byte == Self.lineFeed { return }
            }
            switch place {
            case .quoted:
                if byte == Self.quote { place = .quoteInQuotes } else { field.append(byte) }
                if byte == Self.lineFeed { line += 1 }
                return
            case .quoteInQuotes:
                if byte == Self.quote {
                    field.append(byte)
                    place = .quoted
                    return
                }
                place = .closed
            case .closed, .unquoted:
                break
            }
            switch byte {
            case Self.comma:
                endField()
                started = true
            case Self.lineFeed, Self.carriageReturn:
                endField()
                records.append(CSVRecord(line: recordLine, fields: fields))
                fields = []
                started = false
                line += 1
                recordLine = line
                pendingReturn = byte == Self.carriageReturn
            case Self.quote where place == .unquoted && field.isEmpty:
                place = .quoted
                quoteLine = line
                started = true
            default:
                if place == .closed {
                    throw InstalledBaseError(line: line, problem: "text after a quoted field's closing quote; a quote inside quotes is written \"\"")
                }
                field.append(byte)
                started = true
            }
        }

        /// The text is UTF-8 and a field ends only at an ASCII byte, so a field is whole UTF-8.
        mutating func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
            place = .unquoted
        }

        mutating func finish() throws(InstalledBaseError) -> [CSVRecord] {
            if place == .quoted {
                throw InstalledBaseError(line: quoteLine, problem: "a quoted field opened here is never closed")
            }
            if started || !field.isEmpty || place == .closed || place == .quoteInQuotes {
                endField()
                records.append(CSVRecord(line: recordLine, fields: fields))
            }
            return records
        }
    }
}
