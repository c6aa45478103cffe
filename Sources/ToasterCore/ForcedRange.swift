import FoundationEssentials

/// A CMS-style forced window: versions `minAppVersion...maxAppVersion` must update while `now`
/// lies in `start...end` (an absent bound is open).
public struct ForcedRange: Sendable, Equatable {
    public var minAppVersion: String
    public var maxAppVersion: String
    public var start: Date?
    public var end: Date?

    public init(minAppVersion: String, maxAppVersion: String, start: Date?, end: Date?) {
        self.minAppVersion = minAppVersion
        self.maxAppVersion = maxAppVersion
        self.start = start
        self.end = end
    }

    func isOpen(at now: Date) -> Bool {
        (start.map { $0 <= now } ?? true) && (end.map { now <= $0 } ?? true)
    }
}
