/// The three alerts of the seed, named as its `UpdateAlertType` enum names them.
public enum AlertType: String, Sendable, Codable, CaseIterable {
    case forceUpdate = "ForceUpdate"
    case noticeFeatUpdate = "NoticeFeatUpdate"
    case noticeUpdate = "NoticeUpdate"

    public var isForced: Bool { self == .forceUpdate }

    /// The seed's own `checkUpdateAlertNeeded()` pairs minor with NoticeFeatUpdate ("features
    /// added") and patch with NoticeUpdate, whatever its enum comments say (SPEC §3).
    static func optional(for kind: UpdateKind) -> AlertType {
        switch kind {
        case .major, .minor: .noticeFeatUpdate
        case .patch, .revision: .noticeUpdate
        }
    }
}
