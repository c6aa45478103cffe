import Foundation
import ToasterCore

/// Time zones from the system's data (/usr/share/zoneinfo), through Foundation: what a
/// template's named zones are read with, by `check --template` and by toaster-server alike.
public struct SystemTimeZones: TimeZoneRules {
    public init() {}

    public func secondsFromUTC(zone: String, at instant: Date) -> Int? {
        TimeZone(identifier: zone)?.secondsFromGMT(for: instant)
    }
}
