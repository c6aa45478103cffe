import CNcursesw
import ToasterCore

/// Colours and attributes for each cell style, reduced to what the terminal has: 256
/// colours, 8 colours, or none (attributes only).
struct Palette {
    private struct Look {
        var rich: (foreground: Int16, background: Int16)
        var basic: (foreground: Int16, background: Int16)
        var attributes: attr_t = 0
        /// What stands in for the colours on a terminal without any.
        var monochrome: attr_t = 0
    }

    let colors: Int

    private static func look(_ style: CellStyle) -> Look {
        let bold = toaster_a_bold(), dim = toaster_a_dim(), reverse = toaster_a_reverse()
        switch style {
        case .backdrop, .storeText: return Look(rich: (-1, -1), basic: (-1, -1))
        case .dimmed: return Look(rich: (243, -1), basic: (-1, -1), attributes: dim, monochrome: dim)
        case .titleBar, .launchScreen:
            return Look(rich: (16, 214), basic: (0, 3), attributes: bold, monochrome: reverse)
        case .heading: return Look(rich: (-1, -1), basic: (-1, -1), attributes: bold)
        case .link: return Look(rich: (245, -1), basic: (6, -1), monochrome: dim)
        case .selectedLink: return Look(rich: (16, 223), basic: (0, 7), monochrome: reverse)
        case .statusLine: return Look(rich: (252, 238), basic: (7, 4), monochrome: reverse)
        case .hint: return Look(rich: (246, -1), basic: (-1, -1), monochrome: dim)
        case .alertBorder: return Look(rich: (250, 236), basic: (7, 0))
        case .alertTitle: return Look(rich: (255, 236), basic: (7, 0), attributes: bold)
        case .alertMessage: return Look(rich: (252, 236), basic: (7, 0))
        case .button: return Look(rich: (75, 236), basic: (6, 0))
        case .focusedButton: return Look(rich: (255, 33), basic: (7, 4), attributes: bold, monochrome: reverse)
        case .progressBar: return Look(rich: (33, -1), basic: (4, -1))
        }
    }

    func install() {
        guard colors >= 8 else { return }
        for (index, style) in CellStyle.allCases.enumerated() {
            let look = Self.look(style)
            let pair = colors >= 256 ? look.rich : look.basic
            init_pair(Int16(index + 1), pair.foreground, pair.background)
        }
    }

    func appearance(_ style: CellStyle) -> (attributes: attr_t, pair: Int16) {
        let look = Self.look(style)
        guard colors >= 8, let index = CellStyle.allCases.firstIndex(of: style) else {
            return (look.attributes | look.monochrome, 0)
        }
        return (look.attributes, Int16(index + 1))
    }
}
