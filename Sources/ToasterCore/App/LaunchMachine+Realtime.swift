/// The config-update listener of `run --realtime`, as firebase-ios-sdk's `RCNConfigRealtime.m`
/// keeps its stream: opened when the scene enters the foreground and closed when it enters the
/// background; a newer template version announced is fetched 0–3 s later (`REALTIME/n`), up to
/// three times until a check answers it; an answer other than 2xx, or no answer, waits a
/// backoff that doubles (`RCNConfigSettings.m`) and spends one of seven retries, which a stream
/// that opens refills; a stream the server ends is reopened at once, after the wait a message's
/// `retryIntervalSeconds` asked for, if any. Where this differs from the SDK: a stream lost
/// after it opened (a network drop) is reopened at once, not after a backoff — unless the
/// stream before it was lost too without a message between, which is a server dropping every
/// stream and backs off as a failure.
extension LaunchMachine {
    /// `sceneWillEnterForeground`: the SDK opens its stream (`isInForeground`).
    mutating func realtimeEnteredForeground() {
        guard state.configuration.realtime != nil else { return }
        switch state.realtime.connection {
        case .closed, .stopped: beginStream()
        case .opening, .open, .waiting, .disabled: break
        }
    }

    /// `sceneDidEnterBackground`: the SDK closes it (`isInBackground`); a hold keeps running.
    mutating func realtimeEnteredBackground() {
        guard state.configuration.realtime != nil else { return }
        switch state.realtime.connection {
        case .opening(let stream), .open(let stream):
            effects.append(.closeStream(stream: stream))
            trace(.realtime(.closed(why: "the scene entered the background")))
            state.realtime.connection = .closed
        case .waiting, .stopped:
            state.realtime.connection = .closed
        case .closed, .disabled:
            break
        }
    }

    mutating func hear(_ event: RealtimeEvent, stream: Int) {
        switch state.realtime.connection {
        case .opening(stream), .open(stream): break
        // A stream closed since: it has nothing more to say.
        default: return
        }
        switch event {
        case .opened:
            state.realtime.connection = .open(stream: stream)
            state.realtime.retriesLeft = RealtimeState.sdkRetries
            state.realtime.retryCount = 0
            trace(.realtime(.opened(knownVersion: state.realtime.knownVersion)))
        case .message(let message):
            read(message, stream: stream)
        case .unreadable(let problem):
            trace(.error("real time: \(problem)"))
        case .ended(let ending):
            ended(ending)
        }
    }

    mutating func realtimeHoldEnded(_ token: Int) {
        guard state.realtime.hold == token else { return }
        state.realtime.hold = nil
        if state.realtime.connection == .waiting { beginStream() }
    }

    mutating func realtimeFetchDue(_ token: Int) {
        guard let fetch = state.realtime.fetch, fetch.timer == token else { return }
        state.realtime.fetch?.timer = nil
        guard fetch.target > state.realtime.knownVersion else {
            state.realtime.fetch = nil
            return
        }
        if state.checkInFlight {
            state.realtime.fetch?.due = true
        } else {
            startRealtimeCheck()
        }
    }

    /// After every check: the version it answered is the one the app knows, and the fetch an
    /// announcement asked for is done, made again or given up.
    mutating func realtimeChecked(_ outcome: CheckOutcome) {
        let forRealtime = state.checkForRealtime
        state.checkForRealtime = false
        // Only a fresh answer: a remembered decision is an earlier template's.
        if case .decided(let report) = outcome, let version = report.templateVersion.flatMap({ Int64($0) }),
           version > state.realtime.knownVersion {
            state.realtime.knownVersion = version
        }
        guard let fetch = state.realtime.fetch else { return }
        if state.realtime.knownVersion >= fetch.target {
            state.realtime.fetch = nil
        } else if forRealtime {
            switch outcome {
            case .failed, .failedButForced:
                // The SDK reports the fetch's error to its listener and fetches no more.
                state.realtime.fetch = nil
                trace(.error("real time: the fetch for template version \(fetch.target) failed; the next return to the foreground checks again"))
            case .decided, .unchanged:
                if fetch.attempts < RealtimeState.fetchAttempts {
                    scheduleFetch()
                } else {
                    state.realtime.fetch = nil
                    trace(.error("real time: template version \(fetch.target) was announced, but \(fetch.attempts) fetches answered "
                        + "version \(state.realtime.knownVersion)"))
                }
            }
        } else if fetch.due {
            startRealtimeCheck()
        }
    }

    /// Opens the stream now, or once the hold is over.
    private mutating func beginStream() {
        guard state.realtime.hold == nil else {
            state.realtime.connection = .waiting
            return
        }
        let stream = nextSerial()
        state.realtime.connection = .opening(stream: stream)
        effects.append(.openStream(stream: stream, knownVersion: state.realtime.knownVersion))
    }

    private mutating func read(_ message: RealtimeMessage, stream: Int) {
        state.realtime.lostWithoutMessage = false
        if message.disabled {
            effects.append(.closeStream(stream: stream))
            state.realtime.connection = .disabled
            trace(.realtime(.lost(why: "the server switched real time off for this project: not reopened in this run", status: nil,
                                  reconnectInMilliseconds: nil)))
            return
        }
        var fetchIn: Int?
        if let version = message.templateVersion, version > state.realtime.knownVersion {
            if var fetch = state.realtime.fetch {
                // A newer announcement while one is fetched: its own three attempts, on the same timer.
                fetch.target = max(version, fetch.target)
                fetch.attempts = 0
                state.realtime.fetch = fetch
            } else {
                state.realtime.fetch = RealtimeState.PendingFetch(target: version)
                fetchIn = scheduleFetch()
            }
        }
        trace(.realtime(.announced(version: message.templateVersion, knownVersion: state.realtime.knownVersion,
                                   fetchInMilliseconds: fetchIn, reconnectAfterSeconds: message.retryAfterSeconds)))
        // It lengthens the wait before the next opening without counting a failure.
        if let seconds = message.retryAfterSeconds, seconds > 0 { hold(milliseconds: min(seconds, 86_400) * 1000) }
    }

    private mutating func ended(_ ending: RealtimeEnding) {
        switch ending {
        case .closed:
            state.realtime.lostWithoutMessage = false
            reopen(why: "the server ended the stream", status: nil, failed: false)
        case .lost(let problem):
            let again = state.realtime.lostWithoutMessage
            state.realtime.lostWithoutMessage = true
            reopen(why: "the stream was lost: \(problem)" + (again ? " (the last one was lost too, with no message between)" : ""),
                   status: nil, failed: again)
        case .unanswered(let problem):
            reopen(why: problem, status: nil, failed: true)
        case let .refused(status, detail):
            // The SDK's retryable statuses (`isStatusCodeRetryable`); any other ends real time
            // until the app comes back to the foreground, after the backoff.
            guard [429, 502, 503, 504].contains(status) else {
                backOff()
                stop(why: "the server answered \(status)\(detail.isEmpty ? "" : ": \(detail)"); not reopened before the next return to the foreground",
                     status: status)
                return
            }
            reopen(why: "the server answered \(status)\(detail.isEmpty ? "" : ": \(detail)")", status: status, failed: true)
        }
    }

    /// The SDK's `retryHTTPConnection`, after a failure's backoff when `failed`: one of the
    /// retries spent, then the stream opens once the hold is over (at once without one).
    private mutating func reopen(why: String, status: Int?, failed: Bool) {
        if failed {
            backOff()
            state.realtime.retryCount += 1
        }
        guard state.realtime.retriesLeft > 0 else {
            stop(why: "\(why); \(RealtimeState.sdkRetries) reopenings in a row failed, none more before the next return to the foreground",
                 status: status)
            return
        }
        state.realtime.retriesLeft -= 1
        trace(.realtime(.lost(why: why, status: status, reconnectInMilliseconds: state.realtime.hold == nil ? 0 : state.realtime.holdMilliseconds)))
        state.realtime.connection = .closed
        beginStream()
    }

    private mutating func stop(why: String, status: Int?) {
        state.realtime.connection = .stopped(why: why)
        trace(.realtime(.lost(why: why, status: status, reconnectInMilliseconds: nil)))
    }

    /// `updateRealtimeExponentialBackoffTime`: the base after the first failure since a stream
    /// opened, else twice the last while that stays under 120 times the base; then half or one
    /// and a half times that, at random, as the hold.
    private mutating func backOff() {
        let base = state.configuration.realtime?.backoffBaseMilliseconds ?? RealtimeConfiguration.sdkBackoffBaseMilliseconds
        if state.realtime.retryCount == 0 {
            state.realtime.backoffMilliseconds = base
        } else if state.realtime.backoffMilliseconds * 2 < base * 120 {
            state.realtime.backoffMilliseconds *= 2
        }
        let interval = state.realtime.backoffMilliseconds
        hold(milliseconds: state.realtime.random.below(2) == 0 ? interval / 2 : interval + interval / 2)
    }

    /// A hold replaces any before it, as the SDK's one backoff end time does.
    private mutating func hold(milliseconds: Int) {
        let token = nextSerial()
        state.realtime.hold = token
        state.realtime.holdMilliseconds = milliseconds
        effects.append(.startTimer(.realtimeHold(token), milliseconds: milliseconds))
    }

    /// The SDK's `scheduleFetch`: 0, 1, 2 or 3 whole seconds at random, so that every app does
    /// not fetch at once.
    @discardableResult
    private mutating func scheduleFetch() -> Int {
        let milliseconds = state.realtime.random.below(4) * 1000
        let token = nextSerial()
        state.realtime.fetch?.timer = token
        effects.append(.startTimer(.realtimeFetch(token), milliseconds: milliseconds))
        return milliseconds
    }

    private mutating func startRealtimeCheck() {
        guard state.phase == .running, var fetch = state.realtime.fetch else { return }
        fetch.attempts += 1
        fetch.due = false
        state.realtime.fetch = fetch
        state.check = .checking
        state.checkForRealtime = true
        trace(.realtime(.fetch(attempt: fetch.attempts, target: fetch.target)))
        effects.append(.startRealtimeCheck(appVersion: state.appVersion, attempt: fetch.attempts))
    }

    private mutating func nextSerial() -> Int {
        state.realtime.serial += 1
        return state.realtime.serial
    }
}
