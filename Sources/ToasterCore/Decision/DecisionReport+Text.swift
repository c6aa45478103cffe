extension DecisionReport {
    /// What `toastercli check --format text` prints: one fact a line.
    public var text: String {
        var lines = [
            "decision: \(decision.rawValue) (\(reason.rawValue))",
            "why: \(TextSanitizer.escapedLine(why))",
            "current: \(current)",
            "latest: \(latest?.description ?? "-")",
        ]
        if let heldBack, let heldDecision {
            lines.append("held back: \(heldDecision.rawValue) alert held by \(heldBack.name) (\(heldBack.explanation))")
        }
        if let alert {
            lines += [
                "alert: \(alert.type.rawValue)",
                "title: \(TextSanitizer.escapedLine(alert.title))",
                "message: \(TextSanitizer.escapedLine(alert.message))",
                "buttons: \(alert.buttonTitles.map { TextSanitizer.escapedLine($0) }.joined(separator: " | "))",
            ]
        }
        lines.append("updateURL: \(TextSanitizer.escapedLine(updateURL))")
        lines += remoteConfig?.textLines ?? templateVersion.map { ["remoteConfig: template version \(TextSanitizer.escapedLine($0))"] } ?? []
        lines += notices.map { "notice: \(TextSanitizer.escapedLine($0))" }
        return lines.joined(separator: "\n")
    }
}
