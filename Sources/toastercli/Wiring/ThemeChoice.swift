import ArgumentParser
import FoundationEssentials
import ToasterCommandLine
import ToasterCore
import ToasterFiles

/// Which theme a run uses: `--theme NAME|PATH` first, then `NO_COLOR`, then the default.
enum ThemeChoice {
    /// A theme is a few dozen lines; the cap keeps `/dev/zero` or a FIFO from hanging the start.
    static let maximumThemeBytes = 1 << 20

    static func resolve(_ argument: String?) throws -> Theme {
        guard let argument else {
            // no-color.org: set and not empty; a command-line choice overrides it.
            return Theme.builtin(Environment.value("NO_COLOR") == nil ? Theme.defaultName : Theme.monochromeName)!
        }
        guard argument.contains("/") || argument.hasSuffix(".toml") else {
            guard let theme = Theme.builtin(argument) else {
                // A name that is none of the built-in ones is a bad value (64); a file that cannot be read or used is 1.
                throw ValidationError("--theme: no theme named \"\(argument)\" (built in: \(Theme.builtinNames.joined(separator: ", ")); or give a path to a .toml file)")
            }
            return theme
        }
        let data: Data
        do {
            data = try BoundedFile.read(argument, limit: Self.maximumThemeBytes)
        } catch {
            throw CommandExit.unusable("--theme: \(error)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CommandExit.unusable("--theme: \(argument) is not UTF-8 text")
        }
        do {
            return try Theme(parsing: text, file: argument, base: Theme.builtin(Theme.defaultName))
        } catch {
            throw CommandExit.unusable(error.description)
        }
    }
}
