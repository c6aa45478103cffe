import Glibc

/// The process environment, as the conventions the program follows read it (no-color.org,
/// XDG): a variable set to the empty string counts as unset.
enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
