/// What a version check ended with.
public enum CheckOutcome: Sendable, Equatable {
    case decided(DecisionReport)
    /// The service could not be used (unreachable, timed out, unusable answer): fail open.
    case failed(CheckFailure)
    /// The check failed, but the last forced decision still stands (no bypass by going offline).
    case failedButForced(CheckFailure, DecisionReport)
    /// The service said nothing changed since its last answer (Remote Config's `NO_CHANGE`):
    /// the remembered forced decision stands, and the check did not fail.
    case unchanged(DecisionReport)
}

/// Why a check got no usable answer: a kind the screen words in the user's language, and the
/// technical detail, in English, that the trace and `check` print as they are.
public struct CheckFailure: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// No connection (refused, no route, name not resolved).
        case unreachable
        case timedOut
        /// An HTTP error status, or too many redirects.
        case serverError
        /// A TLS certificate the client does not trust (self-signed, expired, another host's).
        case untrustedCertificate
        /// An answer that cannot be decoded or used (too large, bad JSON, a version that is not one).
        case unusableAnswer
        /// The store has no such app.
        case notListed
        /// The check cannot run as configured (an unreadable file, libcurl missing).
        case misconfigured
        /// The service said nothing changed (Remote Config's `NO_CHANGE`) and no answer is remembered.
        case unchanged
    }

    public let kind: Kind
    public let detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { detail }
}

/// A check's outcome, and why what it found could not be remembered, if it could not (the
/// outcome stands either way; the problem goes to the trace or standard error).
public struct CheckResult: Sendable, Equatable {
    public let outcome: CheckOutcome
    public let recordingProblem: String?
    /// What the check found, still to be remembered by its caller: the app keeps it until the
    /// frame showing the outcome is on screen, since remembering it syncs the disk.
    public let toRemember: ChoiceNote?

    public init(_ outcome: CheckOutcome, recordingProblem: String? = nil, toRemember: ChoiceNote? = nil) {
        self.outcome = outcome
        self.recordingProblem = recordingProblem
        self.toRemember = toRemember
    }
}
