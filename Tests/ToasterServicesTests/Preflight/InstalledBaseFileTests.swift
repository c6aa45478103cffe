import Foundation
import Testing
import ToasterCore
import ToasterServices

/// Installed-base exports as analytics tools write them, read by the CSV library.
@Suite struct InstalledBaseFileTests {
    static func read(_ text: String, columns: InstalledColumns = InstalledColumns()) throws -> (groups: [InstalledGroup], ignored: [String]) {
        try InstalledBase.parse(try InstalledBaseFile.records(Data(text.utf8)), columns: columns)
    }

    @Test func quotedFieldsCRLFAndAByteOrderMark() throws {
        let text = "\u{FEFF}\"version\",\"os\",\"users\"\r\n\"1.9.0\",\"17.2\",\"48,210\"\r\n\"2.0.0\",\"\",\"5\"\r\n"
        #expect(try Self.read(text).groups == [InstalledGroup(version: "1.9.0", os: "17.2", users: 48210), InstalledGroup(version: "2.0.0", users: 5)])
    }

    @Test func aVendorExportWithExtraColumnsAndALineBreakInAQuotedField() throws {
        let text = """
            App Version,Notes,Active Devices,OS Version,Date
            1.9.0,"shipped ""hotfix""
            to kr, us",48 210,17.2,2026-11-22
            2.0.0,,12044,17.2,2026-11-22
            """
        let columns = try InstalledColumns(parsing: "version=App Version,users=Active Devices,os=OS Version")
        let (groups, ignored) = try Self.read(text, columns: columns)
        #expect(groups == [InstalledGroup(version: "1.9.0", os: "17.2", users: 48210), InstalledGroup(version: "2.0.0", os: "17.2", users: 12044)])
        #expect(ignored == ["Notes", "Date"])
    }

    @Test func aProblemNamesTheLineItStartsOnAfterAMultiLineField() {
        let text = "version,note,users\n1.0.0,\"two\nlines\",5\n1.3.0 (93),x,7\n"
        #expect {
            try Self.read(text)
        } throws: { error in
            "\(error)".hasPrefix("line 4: invalid version \"1.3.0 (93)\"")
        }
    }

    @Test func anUnclosedQuoteIsNamed() {
        #expect {
            try Self.read("version,users\n\"1.0.0,5\n2.0.0,6\n")
        } throws: { error in
            "\(error)" == "line 2: a quoted field opened here is never closed"
        }
    }
}
