import FoundationEssentials
import Glibc
import Testing
import ToasterFiles

/// Named zones read from the system's data through the C library (Debian's tzdata).
@Suite struct SystemTimeZonesTests {
    static let january = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let july = Date(timeIntervalSince1970: 1_782_864_000)  // 2026-07-01T00:00:00Z

    @Test func namedZonesGiveTheirOffsetAtTheInstant() {
        let zones = SystemTimeZones()
        #expect(zones.secondsFromUTC(zone: "Asia/Tokyo", at: Self.july) == 9 * 3600)
        #expect(zones.secondsFromUTC(zone: "America/New_York", at: Self.january) == -5 * 3600)
        #expect(zones.secondsFromUTC(zone: "America/New_York", at: Self.july) == -4 * 3600)
        #expect(zones.secondsFromUTC(zone: "Etc/GMT+9", at: Self.july) == -9 * 3600)
    }

    @Test func whatIsNoZoneIsNotKnown() {
        let zones = SystemTimeZones()
        for name in ["Nowhere/City", "../../etc/passwd", "/etc/localtime", "Asia//Tokyo", "zone1970.tab", "", "Asia/Tokyo\u{0}"] {
            #expect(zones.secondsFromUTC(zone: name, at: Self.july) == nil, "\(name)")
        }
    }

    @Test func readingAZoneLeavesTheProcessZoneAsItWas() {
        let before = getenv("TZ").map { String(cString: $0) }
        _ = SystemTimeZones().secondsFromUTC(zone: "Asia/Tokyo", at: Self.july)
        let after = getenv("TZ").map { String(cString: $0) }
        #expect(after == before || (before == nil && after == ":/etc/localtime"))
        #expect(!SystemTimeZones.localIdentifier().isEmpty)
    }

    @Test func concurrentReadingsEachGetTheirOwnZone() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let (zone, offset) = index % 2 == 0 ? ("Asia/Tokyo", 9 * 3600) : ("Europe/London", 3600)
                    return SystemTimeZones().secondsFromUTC(zone: zone, at: Self.july) == offset
                }
            }
            for await right in group { #expect(right) }
        }
    }
}
