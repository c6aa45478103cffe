import ToasterCore

/// The alert's frame as found on a captured screen, by display column.
package struct AlertBox {
    package let left: Int
    package let right: Int
    package let top: Int
    package let bottom: Int

    /// Finds the box and checks that every row of it starts and ends in the same columns.
    package static func find(in lines: [String]) throws -> AlertBox {
        guard let top = lines.firstIndex(where: { $0.contains("┌") }),
              let bottom = lines.lastIndex(where: { $0.contains("┘") }) else {
            throw TestFailure(description: "no alert box on screen:\n\(lines.joined(separator: "\n"))")
        }
        let left = column(of: "┌", in: lines[top])
        let right = column(of: "┐", in: lines[top])
        for row in top...bottom {
            let line = lines[row]
            let edges: (Character, Character) = row == top ? ("┌", "┐") : row == bottom ? ("└", "┘")
                : line.contains("├") ? ("├", "┤") : ("│", "│")
            guard column(of: edges.0, in: line) == left, lastColumn(of: edges.1, in: line) == right else {
                throw TestFailure(description: "alert row \(row) is misaligned (expected columns \(left)…\(right)):\n"
                    + lines[top...bottom].joined(separator: "\n"))
            }
        }
        return AlertBox(left: left, right: right, top: top, bottom: bottom)
    }

    private static func column(of character: Character, in line: String) -> Int {
        guard let index = line.firstIndex(of: character) else { return -1 }
        return DisplayWidth.of(line[..<index])
    }

    private static func lastColumn(of character: Character, in line: String) -> Int {
        guard let index = line.lastIndex(of: character) else { return -1 }
        return DisplayWidth.of(line[..<index])
    }
}
