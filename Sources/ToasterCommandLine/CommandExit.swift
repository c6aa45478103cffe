/// The one way a command ends other than by returning (status 0) or by refusing its arguments
/// (a `ValidationError`, 64): a status, the sentence standard error gets as `Error: …`, and
/// whether the process skips its exit-time teardown. `CommandLineRule.main` carries it out, so
/// no command prints `Error:` or calls `exit` itself (docs/03, 6 and 18).
///
/// Thrown from `validate()`, any error but a `ValidationError` reaches ArgumentParser wrapped
/// and ends with status 1 and its message: a status of its own belongs in `run()`.
public struct CommandExit: Error, CustomStringConvertible {
    public let status: Int32
    /// Said on standard error after `Error: `, escaped; nil says nothing.
    public let message: String?
    /// `_exit` instead of `exit`, once the output is flushed: see `immediately(status:)`.
    public let skipsTeardown: Bool

    public var description: String { message ?? "" }

    /// A command's own outcome, told by its status alone: `check --exit-code`'s 10 and 20,
    /// `links check`'s 1 for a URL that does not match, `preflight`'s 3 for a dead end.
    public init(status: Int32) {
        self.init(status: status, message: nil, skipsTeardown: false)
    }

    private init(status: Int32, message: String?, skipsTeardown: Bool) {
        self.status = status
        self.message = message
        self.skipsTeardown = skipsTeardown
    }

    /// An input that cannot be read or used — a file, a service's answer, a state folder:
    /// status 1, or the status a command gives it where 1 means something else (`links check`).
    public static func unusable(_ message: String, status: Int32 = 1) -> CommandExit {
        CommandExit(status: status, message: message, skipsTeardown: false)
    }

    /// Ends the process with `status` now, for a command that has restored the terminal and
    /// written everything it owes: exit-time teardown (static destructors, atexit handlers)
    /// could wait on what a thread left behind — a check or a storefront still waiting on a
    /// slow service — and keep the process alive after its terminal is gone.
    public static func immediately(status: Int32) -> CommandExit {
        CommandExit(status: status, message: nil, skipsTeardown: true)
    }
}
