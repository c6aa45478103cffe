import Foundation
import Testing
@testable import ToasterCore

@Suite struct ThemeTests {
    static let themesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../themes").standardizedFileURL

    @Test func builtInThemesAreTheFilesInThemes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.themesFolder.path).filter { $0.hasSuffix(".toml") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(BuiltinThemes.texts.keys),
                "run scripts/generate-builtin-themes")
        for file in files {
            let text = try String(contentsOf: Self.themesFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(BuiltinThemes.texts[String(file.dropLast(5))] == String(text.dropLast()), "run scripts/generate-builtin-themes")
        }
    }

    @Test(arguments: ["toaster", "dark", "light", "high-contrast", "mono"])
    func everyShippedThemeParsesAndNamesEveryRole(name: String) throws {
        let text = try #require(BuiltinThemes.texts[name])
        let theme = try Theme(parsing: text, file: name)
        #expect(theme.name == name)
        for style in CellStyle.allCases {
            #expect(text.contains("\n\(style.rawValue) = "), "\(name) sets \(style.rawValue)")
        }
    }

    @Test func readsColoursAndAttributes() throws {
        let theme = try Theme(parsing: "button = \"bright-red on #ffaf00 bold underline\" # comment\nhint = \"dim\"", file: "t")
        #expect(theme[.button].foreground == .indexed(9))
        #expect(theme[.button].background == .indexed(214))
        #expect(theme[.button].bold && theme[.button].underline && !theme[.button].dim)
        #expect(theme[.hint].dim && theme[.hint].foreground == .terminalDefault)
    }

    @Test func unsetRolesKeepTheBaseLook() throws {
        let base = try #require(Theme.builtin("toaster"))
        let theme = try Theme(parsing: "button = \"red\"", file: "t", base: base)
        #expect(theme[.titleBar] == base[.titleBar])
        #expect(theme[.button].foreground == .indexed(1))
    }

    @Test(arguments: [
        ("button = \"blakc\"", 1, "button", "\"blakc\" is neither a colour"),
        ("# ok\n\nbuton = \"red\"", 3, "buton", "is not a role"),
        ("button = red", 1, "button", "double quotes"),
        ("button = \"red\" extra", 1, "button", "unexpected text"),
        ("button = \"red on\"", 1, "button", "\"on\" must be followed by a colour"),
        ("button = \"300\"", 1, "button", "neither a colour"),
        ("button = \"red\"\nbutton = \"blue\"", 2, "button", "set twice"),
        ("just words", 1, nil, "expected key = \"value\""),
    ] as [(String, Int, String?, String)])
    func brokenThemesNameFileLineAndKey(text: String, line: Int, key: String?, problem: String) {
        do {
            _ = try Theme(parsing: text, file: "themes/bad.toml")
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "themes/bad.toml")
            #expect(error.line == line)
            #expect(error.key == key)
            #expect(error.problem.contains(problem), "\(error.problem)")
            #expect(error.description.hasPrefix("theme themes/bad.toml:\(line)"))
        }
    }

    @Test func eightColourTerminalsGetTheNearestColours() throws {
        let theme = try #require(Theme.builtin("toaster")).reduced(toColors: 8)
        #expect(theme[.titleBar].background == .indexed(3), "214 (orange) becomes yellow")
        #expect(theme[.focusedButton].background == .indexed(6), "33 (azure) becomes cyan")
        #expect(theme[.alertMessage].background == .indexed(0), "236 (dark grey) becomes black")
        #expect(theme[.backdrop].background == .terminalDefault)
        #expect(theme[.titleBar].bold)
    }

    /// Every action of the alerts is `.default`, which UIKit draws in regular weight and the
    /// tint colour: no shipped theme makes the focused button bolder than the others (the focus
    /// ring is its fill), and none draws a button red, the colour of `.destructive`.
    @Test func buttonsAreDrawnAsDefaultActions() throws {
        for name in Theme.builtinNames {
            let theme = try #require(Theme.builtin(name))
            #expect(theme[.button].bold == theme[.focusedButton].bold, "\(name): the focused button is bolder")
            for look in [theme[.button], theme[.focusedButton]] {
                // With reverse, the fill colour is the text's.
                let text = look.reverse ? look.background : look.foreground
                guard case .indexed(let index) = text else { continue }
                let (red, green, blue) = TerminalColor.rgb(index)
                #expect(!(red > 150 && green < 100 && blue < 100), "\(name): a button drawn red (\(index))")
            }
        }
    }

    @Test func terminalsWithoutColourGetMono() throws {
        let theme = try #require(Theme.builtin("dark")).reduced(toColors: 2)
        #expect(theme.name == "mono")
        #expect(CellStyle.allCases.allSatisfy { theme[$0].foreground == .terminalDefault && theme[$0].background == .terminalDefault })
        #expect(theme[.focusedButton].reverse)
    }
}
