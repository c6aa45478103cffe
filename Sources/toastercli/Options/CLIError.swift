/// An input that cannot be read or used (a file, a service's answer, a state folder): status 1.
/// A usage error — an unknown flag, a bad or out-of-range value — is ArgumentParser's
/// `ValidationError` instead, status 64 (the rule: docs/03, 6).
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
