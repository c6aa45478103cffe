import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore

/// Time zones from the system's data (`/usr/share/zoneinfo`, or `TZDIR`), read by the C
/// library: what a template's named zones are read with, by `check --template` and by
/// toaster-server alike, and the zone the Firebase fetch reports as the device's. Not
/// Foundation's `TimeZone`: outside Apple's systems it needs FoundationInternationalization,
/// whose ICU data doubled the binary and slowed every start (docs/04).
public struct SystemTimeZones: TimeZoneRules {
    public init() {}

    /// glibc reads a zone only through `TZ`, which is the process's: one reading at a time.
    private static let reading = Mutex(())

    public func secondsFromUTC(zone: String, at instant: Date) -> Int? {
        guard let file = Self.file(of: zone) else { return nil }
        return Self.reading.withLock { _ -> Int in
            let previous = getenv("TZ").map { String(cString: $0) }
            setenv("TZ", ":" + file, 1)
            tzset()
            var seconds = time_t(instant.timeIntervalSince1970.rounded(.down)), parts = tm()
            localtime_r(&seconds, &parts)
            // Set back rather than unset: glibc never frees a value it was given, so a thread
            // reading the environment meanwhile sees the old value or the new one, never freed
            // memory; `:/etc/localtime` is what an unset `TZ` means.
            setenv("TZ", previous ?? ":" + Self.localTime, 1)
            tzset()
            return parts.tm_gmtoff
        }
    }

    /// The system's zone, as the device would report it (`Asia/Seoul`): `TZ` when it names a
    /// zone, else the zone `/etc/localtime` links to; `UTC` when neither says.
    public static func localIdentifier() -> String {
        var given = getenv("TZ").map { String(cString: $0) } ?? ":" + localTime
        if given.hasPrefix(":") { given.removeFirst() }
        guard given.hasPrefix("/") else { return given.isEmpty ? "UTC" : given }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(given, &target, target.count - 1)
        let path = count > 0 ? String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : given
        guard let range = path.firstRange(of: "zoneinfo/") else { return "UTC" }
        return String(path[range.upperBound...])
    }

    private static let localTime = "/etc/localtime"

    /// The data file of an IANA zone name (`Asia/Tokyo`, `Etc/GMT+9`), nil for a name that is
    /// none (a path, `..`) or a file that holds no zone (`zone1970.tab`).
    static func file(of zone: String) -> String? {
        let parts = zone.split(separator: "/", omittingEmptySubsequences: false)
        guard !zone.isEmpty, zone.utf8.count <= 255,
              parts.allSatisfy({ part in
                  !part.isEmpty && part != "." && part != ".."
                      && part.utf8.allSatisfy { ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7a) || ($0 >= 0x30 && $0 <= 0x39) || "._+-".utf8.contains($0) }
              })
        else { return nil }
        let folder = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        let path = folder + "/" + zone
        // A zone's data file starts with its format's magic, `TZif`.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var magic = [UInt8](repeating: 0, count: 4)
        guard read(descriptor, &magic, 4) == 4, magic == Array("TZif".utf8) else { return nil }
        return path
    }
}
