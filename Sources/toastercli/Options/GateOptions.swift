import ArgumentParser

/// The gates Siren puts before a prompt: how long a store version has been out, and whether
/// the device's OS can install it.
struct GateOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Prompt for a store version only this many days after its release date (Siren waits 1).")
    var releasedForDays = 0

    @Option(help: "The device's OS version; no prompt for a store version that needs a newer one.")
    var osVersion: String?
}
