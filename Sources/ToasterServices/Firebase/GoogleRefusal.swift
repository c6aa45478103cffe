import FoundationEssentials
import ToasterCore
import ToasterWire

/// What Google said when it refused, in either of its error shapes: an API's
/// (`{"error": {"message", "status", "details": [{"reason"}]}}`) or the OAuth token endpoint's
/// (`{"error": "invalid_grant", "error_description": "…"}`). Every message about a refusal
/// carries it the same way, as `summary`.
struct GoogleRefusal {
    /// The API's status (`PERMISSION_DENIED`) or the token endpoint's error (`invalid_grant`).
    let code: String
    let message: String
    /// The API's first detail's reason (`API_KEY_INVALID`).
    let reason: String?

    /// nil for a body in neither shape.
    init?(_ body: Data) {
        guard let tree = try? StrictJSON.parse(body) else { return nil }
        if let answer = try? StrictJSON.decode(GoogleAPI.ErrorAnswer.self, tree: tree) {
            (code, message, reason) = (answer.error.status ?? "", answer.error.message, answer.reason)
        } else if let refusal = try? StrictJSON.decode(GoogleOAuth.TokenError.self, tree: tree) {
            (code, message, reason) = (refusal.error, refusal.errorDescription ?? "", nil)
        } else {
            return nil
        }
    }

    /// `PERMISSION_DENIED: Requests from this iOS client application are blocked.`, the message
    /// cut short, each part on one clean line.
    var summary: String {
        let line = TextSanitizer.cleanLine(message)
        let short = line.count > 160 ? String(line.prefix(160)) + "…" : line
        return [TextSanitizer.cleanLine(code), short].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
