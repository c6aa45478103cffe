/// One group of installs: a version, optionally the devices' OS version, and how many users;
/// where the installed base says where they are, how many in each storefront.
public struct InstalledGroup: Sendable, Equatable {
    public var version: String
    public var os: String?
    /// Every user of the group, wherever they are.
    public var users: Int?
    /// By storefront code, when the installed base has a country column: each user then meets
    /// only their own storefront.
    public var usersByStorefront: [String: Int]?
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

    /// The users who meet `storefront`: those there when the installed base says where users
    /// are, else every user of the group; nil `storefront` (a finding about no one storefront):
    /// every user.
    func users(in storefront: String?) -> Int? {
        guard let usersByStorefront, let storefront else { return users }
        return usersByStorefront[storefront] ?? 0
    }
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

/// Which header names hold the version, the users, the OS version and the country
/// (`--installed-columns version=App Version,users=Active Devices,os=OS Version,country=Country`);
/// matched ignoring case and the spaces around.
public struct InstalledColumns: Sendable, Equatable {
    public var version = "version"
    public var users = "users"
    public var os = "os"
    public var country = "country"

    public init() {}

    /// `role=Header,…` with the roles version, users, os and country; a role not named keeps its default.
    public init(parsing text: String) throws(InstalledBaseError) {
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let role = parts[0].trimmingWhitespace().lowercased(), name = parts.count == 2 ? String(parts[1].trimmingWhitespace()) : ""
            guard parts.count == 2, !name.isEmpty else {
                throw InstalledBaseError(line: nil, problem: "\"\(item)\" is not role=Header Name (roles: \(Self.roles))")
            }
            switch role {
            case "version": version = name
            case "users": users = name
            case "os": os = name
            case "country": country = name
            default: throw InstalledBaseError(line: nil, problem: "\"\(role)\" is not a role (roles: \(Self.roles))")
            }
        }
    }

    static let roles = "version, users, os, country"
}

/// The `--installed` base: a header naming the version and users columns, optionally the OS and
/// country columns, in any order; other columns ignored (and named, so that a typo is seen).
/// Rows of the same version and OS are one group, counted per storefront when there is a
/// country column. Every problem names its line.
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
        let countryColumn = try column(columns.country)
        let ignored = header.fields.indices.filter { ![versionColumn, usersColumn, osColumn, countryColumn].contains($0) }.map { header.fields[$0] }
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
            var group = InstalledGroup(version: fields[versionColumn], os: os, users: users)
            if let countryColumn {
                let written = fields[countryColumn]
                guard let storefront = storefront(written) else {
                    throw InstalledBaseError(line: record.line, problem: "country \"\(written)\" is " + (written.isEmpty
                        ? "empty; each row needs its storefront (an ISO 3166 alpha-2 or alpha-3 code, such as jp or JPN)"
                        : "not an App Store storefront's code (ISO 3166 alpha-2 or alpha-3, such as jp or JPN)"
                            + (AppStoreStorefronts.nearest(to: written).map { "; did you mean \($0)?" } ?? "")))
                }
                group.usersByStorefront = [storefront: users]
            }
            // By country, the rows of one version and OS are one group, counted per storefront.
            if countryColumn != nil, let same = groups.firstIndex(where: { $0.version == group.version && $0.os == group.os }) {
                groups[same].users = (groups[same].users ?? 0) + users
                if let byStorefront = group.usersByStorefront {
                    groups[same].usersByStorefront?.merge(byStorefront, uniquingKeysWith: +)
                }
            } else {
                groups.append(group)
            }
        }
        guard !groups.isEmpty else { throw InstalledBaseError(line: header.line, problem: "the file has a header but no installs") }
        return (groups, ignored)
    }

    /// The storefront a country column names: its code in any case (`jp`, `JP`), or StoreKit's
    /// and App Store Connect's alpha-3 code (`JPN`); nil for neither.
    static func storefront(_ text: String) -> String? {
        let code = text.lowercased()
        if AppStoreStorefronts.all.contains(code) { return code }
        return AppStoreTerritories.storefrontByTerritory[text.uppercased()]
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
