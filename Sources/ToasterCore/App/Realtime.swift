/// What `run --realtime` is given: the stream is listened to as firebase-ios-sdk's
/// `RCNConfigRealtime.m` listens, its backoff (`RCNConfigSettings.m`) scaled by `backoffBase`.
public struct RealtimeConfiguration: Sendable, Equatable {
    /// The SDK's first wait after a failure: 2 minutes.
    public static let sdkBackoffBaseMilliseconds = 120_000

    /// The first wait after a failure; each further one doubles while the double stays under
    /// 120 times it (the SDK's 2 minutes and 4 hours).
    public var backoffBaseMilliseconds: Int
    /// Seeds the waits' jitter and the fetch's delay, which the SDK draws at random.
    public var seed: UInt64

    public init(backoffBaseMilliseconds: Int = Self.sdkBackoffBaseMilliseconds, seed: UInt64) {
        self.backoffBaseMilliseconds = backoffBaseMilliseconds
        self.seed = seed
    }
}

/// What the stream says, as the shell reads it; `stream` names the opening it belongs to, so
/// that a stream the machine has closed since is not heard.
public enum RealtimeEvent: Sendable, Equatable {
    /// The server answered 2xx: the stream is open.
    case opened
    case message(RealtimeMessage)
    /// A message that is no flat JSON object of the known fields.
    case unreadable(String)
    /// The stream ended, not by the app's own closing.
    case ended(RealtimeEnding)
}

/// One message: the template's version now, a wait before reopening, or real time switched off.
public struct RealtimeMessage: Sendable, Equatable {
    public var templateVersion: Int64?
    public var retryAfterSeconds: Int?
    public var disabled: Bool

    public init(templateVersion: Int64? = nil, retryAfterSeconds: Int? = nil, disabled: Bool = false) {
        self.templateVersion = templateVersion
        self.retryAfterSeconds = retryAfterSeconds
        self.disabled = disabled
    }
}

/// How a stream ended.
public enum RealtimeEnding: Sendable, Equatable {
    /// The server ended its answer.
    case closed
    /// The connection failed after the stream had opened.
    case lost(String)
    /// The server answered another status than 2xx; `detail` says what it said.
    case refused(status: Int, detail: String)
    /// No answer came: no connection, no installation token.
    case unanswered(String)
}

/// The app's side of the stream: whether it is open, the retry budget and the backoff, the
/// template version the app knows, and the fetch an announcement asked for.
public struct RealtimeState: Sendable, Equatable {
    public enum Connection: Sendable, Equatable {
        /// Closed: the scene is in the background, or it never came to the foreground.
        case closed
        /// Asked to open `stream`; no answer yet.
        case opening(stream: Int)
        case open(stream: Int)
        /// Waiting for the hold to end before opening again.
        case waiting
        /// Not reopened until the next return to the foreground; `why` says what stopped it.
        case stopped(why: String)
        /// Switched off by the server (`featureDisabled`): not reopened in this run.
        case disabled
    }

    public internal(set) var connection: Connection = .closed
    /// The template version the last check answered with (0 before any).
    public internal(set) var knownVersion: Int64 = 0
    /// Reopenings left before real time gives up until a stream opens again (the SDK's 7).
    var retriesLeft = RealtimeState.sdkRetries
    /// Failures since the last stream opened: the first waits the base, each further one twice the last.
    var retryCount = 0
    var backoffMilliseconds = 0
    /// The hold timer running, by token: nothing opens before it fires.
    var hold: Int?
    /// How long the last hold was.
    var holdMilliseconds = 0
    /// Whether the last stream was lost without a message since the one before it was.
    var lostWithoutMessage = false
    /// The fetch an announcement asked for, until a check answers its version.
    var fetch: PendingFetch?
    /// Numbers streams and timers, monotonic across a relaunch, so that a stale one is never heard.
    var serial = 0
    var random: SplitMix

    static let sdkRetries = 7
    /// The SDK's fetch attempts for one announcement.
    static let fetchAttempts = 3

    struct PendingFetch: Sendable, Equatable {
        var target: Int64
        /// Fetches made so far.
        var attempts = 0
        /// The timer that starts the next one, by token; nil once it has fired.
        var timer: Int?
        /// The timer fired while another check ran: the fetch starts when it ends.
        var due = false
    }

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
    }
}

/// SplitMix64: the machine's own random numbers, from the seed its configuration gives, so
/// that the same seed replays the same waits.
struct SplitMix: Sendable, Equatable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// 0 ..< bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
