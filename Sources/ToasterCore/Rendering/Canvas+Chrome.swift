/// The rows every screen shares, the app's and the preflight board's: the title bar on top and
/// the hint row of keys at the bottom. (A screen too small for its layout asks for a larger
/// terminal through `MinimumSize`.)
extension Canvas {
    /// The top row in the title bar's colour, `title` from column 1 or centred.
    mutating func putTitleBar(_ title: String, centred: Bool = false) {
        fill(x: 0, y: 0, width: width, height: 1, style: .titleBar)
        put(title, x: centred ? max(0, (width - DisplayWidth.of(title)) / 2) : 1, y: 0, style: .titleBar)
    }

    /// The bottom row in the hint's colour: the keys that work now, cut with `…` to the width.
    mutating func putHintRow(_ hint: String) {
        fill(x: 0, y: height - 1, width: width, height: 1, style: .hint)
        put(TextWrapper.truncated(hint, width: width - 2), x: 1, y: height - 1, style: .hint)
    }
}
