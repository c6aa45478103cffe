import ArgumentParser

/// `check --format`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
