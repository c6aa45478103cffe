import ArgumentParser
import ToasterCommandLine
import ToasterCore

/// `run --realtime`: the app adds a config-update listener, as an app that calls Remote
/// Config's `addOnConfigUpdateListener` does (docs/07). Only `run` takes it: a check is over
/// before a stream would say anything.
struct RealtimeOptions: ParsableArguments {
    @Flag(help: ArgumentHelp("With --firebase-project: keep Remote Config's real-time stream open while the app is in the foreground, "
                             + "as an app with a config-update listener does; a newer template is fetched and its decision shown at once."))
    var realtime = false

    // Unconditional: a negative number is a value refused by its range (OptionRange).
    @Option(parsing: .unconditional, help: ArgumentHelp("With --realtime: the first wait after the stream fails, in milliseconds "
                                                        + "(default the SDK's \(RealtimeConfiguration.sdkBackoffBaseMilliseconds)); each further one doubles.",
                                                        valueName: "ms"))
    var realtimeBackoffMs: Int?

    func validate() throws {
        if let realtimeBackoffMs {
            guard realtime else { throw ValidationError("--realtime-backoff-ms is only used with --realtime") }
            try OptionRange.check(realtimeBackoffMs, within: 100...RealtimeConfiguration.sdkBackoffBaseMilliseconds, "--realtime-backoff-ms")
        }
    }

    /// The listener's first wait after the stream fails, in milliseconds; nil without `--realtime`.
    var backoff: Int? {
        realtime ? realtimeBackoffMs ?? RealtimeConfiguration.sdkBackoffBaseMilliseconds : nil
    }

    /// The stream is the Firebase project's: `run` checks it beside its source's options.
    func validate(firebaseProject: String?) throws {
        if realtime, firebaseProject == nil {
            throw ValidationError("--realtime needs --source remote-config --firebase-project ID: the stream it listens to is that project's")
        }
    }
}
