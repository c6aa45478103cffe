import FoundationEssentials
@testable import ToasterCore

/// What the link suites share: the app every file names, and files made from JSON text.
enum LinkFixtures {
    static let app = "ABCDE12345.com.example.app"

    static func file(_ text: String) throws -> AssociatedDomainsFile {
        try AssociatedDomainsFile(data: Data(text.utf8))
    }

    /// A file with one details entry for `app` holding `components` (JSON text), after
    /// `applinks` (more of the `applinks` object, such as `"defaults": {…}, `).
    static func components(_ components: String, applinks: String = "") throws -> AssociatedDomainsFile {
        try file("{\"applinks\": {\(applinks)\"details\": [{\"appID\": \"\(app)\", \"components\": [\(components)]}]}}")
    }
}
