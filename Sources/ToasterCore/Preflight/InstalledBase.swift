/// One group of installs: a version, optionally the devices' OS version, and how many users.
public struct InstalledGroup: Sendable, Equatable {
    public var version: String
    public var os: String?
    public var users: Int?
    /// Set when the group stands for every version just below this one (no installed base was
    /// given): `version` is then the lowest pre-release of it, below it and above every older release.
    public var below: String?

    public init(version: String, os: String? = nil, users: Int? = nil) {
        self.version = version
        self.os = os
        self.users = users
    }

    /// The versions just below `version`, such as users on 1.9.3 below a minimum of 2.0.0; nil
    /// for a version that is unreadable or a pre-release itself (nothing sorts just below those).
    public init?(justBelow version: String) {
        guard let release = try? Version(version), release.preRelease.isEmpty else { return nil }
        self.init(version: "\(release)-0")
        below = version
    }

    /// The version as findings name it: `1.9.0` or `below 2.0.0`.
    public var name: String { below.map { "below \($0)" } ?? version }

    var label: String { os.map { "\(name) (iOS \($0))" } ?? name }
}

/// One record of a CSV file as a CSV reader returns it, with the line it starts on (a quoted
/// field may span lines).
public struct CSVRecord: Sendable, Equatable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// Which header names hold the version, the users and the OS version (`--installed-columns
/// version=App Version,users=Active Devices,os=OS Version`); matched ignoring case and the spaces around.
public struct InstalledColumns: Sendable, Equatable {
    public var version = "version"
    public var users = "users"
    public var os = "os"

    public init() {}

    /// `role=Header,…` with the roles version, users and os; a role not named keeps its default.
    public init(parsing text: String) throws(InstalledBaseError) {
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let role = parts[0].trimmingWhitespace().lowercased(), name = parts.count == 2 ? String(parts[1].trimmingWhitespace()) : ""
            guard parts.count == 2, !name.isEmpty else {
                throw InstalledBaseError(line: nil, problem: "\"\(item)\" is not role=Header Name (roles: version, users, os)")
            }
            switch role {
            case "version": version = name
            case "users": users = name
            case "os": os = name
            default: throw InstalledBaseError(line: nil, problem: "\"\(role)\" is not a role (roles: version, users, os)")
            }
        }
    }
}

/// The `--installed` base: a header naming the version and users columns, optionally the OS
/// column, in any order; other columns ignored (and named, so that a typo is seen). Every
/// problem names its line.
public enum InstalledBase {
    /// The groups, and the header names of the columns ignored.
    public static func parse(_ records: [CSVRecord], columns: InstalledColumns = InstalledColumns()) throws(InstalledBaseError)
        -> (groups: [InstalledGroup], ignored: [String]) {
        var records = records
        while let last = records.last, last.fields.allSatisfy({ $0.trimmingWhitespace().isEmpty }) { records.removeLast() }
        guard let header = records.first else {
            throw InstalledBaseError(line: 1, problem: "the file is empty; expected a header such as \(columns.version),\(columns.users)")
        }
        let names = header.fields.map { $0.trimmingWhitespace().lowercased() }
        func column(_ name: String) throws(InstalledBaseError) -> Int? {
            let matches = names.indices.filter { names[$0] == name.lowercased() }
            guard matches.count <= 1 else { throw InstalledBaseError(line: header.line, problem: "the column \"\(name)\" is named twice") }
            return matches.first
        }
        guard let versionColumn = try column(columns.version), let usersColumn = try column(columns.users) else {
            throw InstalledBaseError(line: header.line, problem: "the header must name the columns \"\(columns.version)\" and \"\(columns.users)\" "
                                     + "(found \(header.fields.map { "\"\($0)\"" }.joined(separator: ", "))); --installed-columns maps other names")
        }
        let osColumn = try column(columns.os)
        let ignored = header.fields.indices.filter { ![versionColumn, usersColumn, osColumn].contains($0) }.map { header.fields[$0] }
        var groups: [InstalledGroup] = []
        for record in records.dropFirst() {
            let fields = record.fields.map { String($0.trimmingWhitespace()) }
            guard !fields.allSatisfy(\.isEmpty) else { throw InstalledBaseError(line: record.line, problem: "the line is empty") }
            // A quote never closed runs to the end of the file, line breaks and all.
            if record.line == records.last?.line, record.fields.last?.last?.isNewline == true {
                throw InstalledBaseError(line: record.line, problem: "a quoted field opened here is never closed")
            }
            guard fields.count == names.count else {
                throw InstalledBaseError(line: record.line, problem: "\(fields.count) fields where the header has \(names.count)")
            }
            do { _ = try Version(fields[versionColumn]) } catch {
                throw InstalledBaseError(line: record.line, problem: error.description)
            }
            guard let users = userCount(fields[usersColumn]) else {
                throw InstalledBaseError(line: record.line, problem: "users \"\(fields[usersColumn])\" is not a whole number (such as 48210, 48,210 or 48 210)")
            }
            var os: String?
            if let osColumn, !fields[osColumn].isEmpty {
                do { _ = try Version(fields[osColumn]) } catch {
                    throw InstalledBaseError(line: record.line, problem: "os: \(error.description)")
                }
                os = fields[osColumn]
            }
            groups.append(InstalledGroup(version: fields[versionColumn], os: os, users: users))
        }
        guard !groups.isEmpty else { throw InstalledBaseError(line: header.line, problem: "the file has a header but no installs") }
        return (groups, ignored)
    }

    /// Separators that group thousands: `48,210`, `48 210` (also no-break spaces), `48'210`.
    static let thousandsSeparators: Set<Character> = [",", " ", "\u{00A0}", "\u{202F}", "'"]

    /// A whole number of at most 12 digits, its thousands grouped by one separator or not at all.
    static func userCount(_ text: String) -> Int? {
        let separators = Set(text.filter { thousandsSeparators.contains($0) })
        guard separators.count <= 1 else { return nil }
        let groups = separators.first.map { separator in text.split(separator: separator, omittingEmptySubsequences: false) } ?? [Substring(text)]
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }) else { return nil }
        let digits = groups.joined()
        return digits.count <= 12 ? Int(digits) : nil
    }
}

/// A line of the installed base that cannot be read, or an unusable `--installed-columns`.
public struct InstalledBaseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int?
    public let problem: String

    public init(line: Int?, problem: String) {
        self.line = line
        self.problem = problem
    }

    public var description: String { line.map { "line \($0): \(problem)" } ?? problem }
}
