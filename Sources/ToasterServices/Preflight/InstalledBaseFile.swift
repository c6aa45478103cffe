import CSV
import Foundation
import ToasterCore

/// Reads an installed-base export as RFC 4180 CSV with CSV.swift: quoted fields with commas,
/// quotes and line breaks inside, CRLF or LF, a UTF-8 byte order mark. Each record keeps the
/// line it starts on, so that every problem can name it.
public enum InstalledBaseFile {
    public static func records(_ data: Data) throws(InstalledBaseError) -> [CSVRecord] {
        let reader: CSVReader
        do { reader = try CSVReader(stream: InputStream(data: data), hasHeaderRow: false) } catch {
            throw InstalledBaseError(line: 1, problem: "cannot be read as CSV (\(error))")
        }
        var records: [CSVRecord] = []
        var line = 1
        while let fields = reader.next() {
            records.append(CSVRecord(line: line, fields: fields))
            // A record takes one line, and one more for each line break inside its quoted fields.
            line += 1 + fields.reduce(0) { $0 + $1.count(where: \.isNewline) }
        }
        if let error = reader.error {
            throw InstalledBaseError(line: line, problem: "cannot be read as CSV (\(error)); the file must be UTF-8 text")
        }
        return records
    }
}
