/// A grid of cells laid out by display width: what one frame shows, before any terminal.
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, style: CellStyle = .backdrop) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// The row as the user reads it (the text a terminal capture shows).
    public func text(row y: Int) -> String {
        String((0..<width).compactMap { self[$0, y].character })
    }

    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, style: CellStyle) {
        let rows = max(0, y)..<max(max(0, y), min(height, y + h))
        let columns = max(0, x)..<max(max(0, x), min(width, x + w))
        for row in rows {
            for column in columns { set(column, row, .blank(style)) }
        }
    }

    /// Writes `text` from column `x`, clipped to `limit` columns and the canvas; a wide
    /// character that does not fit whole is left out. Returns the columns written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle, limit: Int = .max) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = x + min(max(0, limit), width - x)
        var column = x
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            guard characterWidth > 0 else { continue }
            guard column + characterWidth <= end else { break }
            if column >= 0 {
                set(column, y, Cell(character: character, style: style))
                if characterWidth == 2 { set(column + 1, y, Cell(character: nil, style: style)) }
            }
            column += characterWidth
        }
        return max(0, column - x)
    }

    /// Every cell takes `style`: the screen under an alert is dimmed this way.
    public mutating func restyle(_ style: CellStyle) {
        for index in cells.indices { cells[index].style = style }
    }

    /// Sets one cell, blanking the other half of any wide character it overwrites.
    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        let index = y * width + x
        let old = cells[index]
        if old.character == nil, cell.character != nil, x > 0 { cells[index - 1].character = " " }
        // A character of one byte (most of a screen: blanks, ASCII) is never wide.
        if let previous = old.character, previous.utf8.count > 1, DisplayWidth.of(previous) == 2, x + 1 < width {
            cells[index + 1].character = " "
        }
        cells[index] = cell
    }
}

/// One terminal column: a character, or the right half of the wide character to its left.
public struct Cell: Sendable, Equatable {
    /// nil for the second column of a wide character.
    public var character: Character?
    public var style: CellStyle

    static func blank(_ style: CellStyle) -> Cell { Cell(character: " ", style: style) }
}
