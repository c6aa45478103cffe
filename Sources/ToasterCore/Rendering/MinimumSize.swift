/// A screen too small for its layout: one line asking for a larger terminal, instead of a
/// layout cut to pieces. Any screen with a smallest usable size draws it the same way.
public struct MinimumSize: Sendable, Equatable {
    public let width: Int
    public let height: Int

    public func fits(width: Int, height: Int) -> Bool { width >= self.width && height >= self.height }

    /// The canvas of a screen smaller than this: the request on the middle row, cut to the width.
    public func notice(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let text = "Enlarge the terminal to \(self.width)×\(self.height)"
        let line = TextWrapper.truncated(text, width: width)
        canvas.put(line, x: max(0, (width - DisplayWidth.of(line)) / 2), y: height / 2, style: .heading)
        return canvas
    }
}
