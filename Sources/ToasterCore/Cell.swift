/// One terminal column: a character, or the right half of the wide character to its left.
public struct Cell: Sendable, Equatable {
    /// nil for the second column of a wide character.
    public var character: Character?
    public var style: CellStyle

    static func blank(_ style: CellStyle) -> Cell { Cell(character: " ", style: style) }
}
