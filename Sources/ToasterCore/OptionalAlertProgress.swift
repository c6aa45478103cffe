/// How far the optional alert has come in this run: once answered it is not shown again.
public enum OptionalAlertProgress: Sendable, Equatable {
    case notShown, shown, answered
}
