/// One group of installs: a version, optionally the devices' OS version, and how many users.
public struct InstalledGroup: Sendable, Equatable {
    public var version: String
    public var os: String?
    public var users: Int?

    public init(version: String, os: String? = nil, users: Int? = nil) {
        self.version = version
        self.os = os
        self.users = users
    }

    var label: String { os.map { "\(version) (iOS \($0))" } ?? version }
}

/// The `--installed` CSV: a header naming `version` and `users`, optionally `os`, in any order;
/// one group a line. Strict: every problem names its line.
public enum InstalledBase {
    public static func parse(csv text: String) throws(InstalledBaseError) -> [InstalledGroup] {
        // `\r\n` is one Character, a newline like `\n`; spreadsheets often start the file with a BOM.
        var lines = (text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while lines.last?.trimmingWhitespace().isEmpty == true { lines.removeLast() }
        guard let header = lines.first else { throw InstalledBaseError(line: 1, problem: "the file is empty; expected a header such as version,users") }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingWhitespace()).lowercased() }
        for name in names where !["version", "users", "os"].contains(name) {
            throw InstalledBaseError(line: 1, problem: "unknown column \"\(name)\" (the columns are version, users and optionally os)")
        }
        guard Set(names).count == names.count else { throw InstalledBaseError(line: 1, problem: "a column is named twice") }
        guard let versionColumn = names.firstIndex(of: "version"), let usersColumn = names.firstIndex(of: "users") else {
            throw InstalledBaseError(line: 1, problem: "the header must name version and users")
        }
        let osColumn = names.firstIndex(of: "os")
        var groups: [InstalledGroup] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            guard !line.trimmingWhitespace().isEmpty else { throw InstalledBaseError(line: number, problem: "the line is empty") }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingWhitespace()) }
            guard fields.count == names.count else {
                throw InstalledBaseError(line: number, problem: "\(fields.count) fields where the header has \(names.count)")
            }
            do { _ = try Version(fields[versionColumn]) } catch {
                throw InstalledBaseError(line: number, problem: error.description)
            }
            guard fields[usersColumn].allSatisfy(\.isASCIIDigit), fields[usersColumn].count <= 12, let users = Int(fields[usersColumn]) else {
                throw InstalledBaseError(line: number, problem: "users \"\(fields[usersColumn])\" is not a whole number")
            }
            var os: String?
            if let osColumn, !fields[osColumn].isEmpty {
                do { _ = try Version(fields[osColumn]) } catch {
                    throw InstalledBaseError(line: number, problem: "os: \(error.description)")
                }
                os = fields[osColumn]
            }
            groups.append(InstalledGroup(version: fields[versionColumn], os: os, users: users))
        }
        guard !groups.isEmpty else { throw InstalledBaseError(line: 1, problem: "the file has a header but no installs") }
        return groups
    }
}

/// A line of the installed-base CSV that cannot be read.
public struct InstalledBaseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let problem: String

    public var description: String { "line \(line): \(problem)" }
}
