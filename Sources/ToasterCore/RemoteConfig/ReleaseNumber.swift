import FoundationEssentials

/// Versions as Remote Config compares them: dot-separated whole numbers, part by part, a
/// missing part counting as 0 (`1.10` is above `1.5`).
public enum ReleaseNumber {
    /// The parts, or nil when a part is not a whole number.
    public static func parts(_ text: String) -> [Int]? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.count <= 18, piece.allSatisfy(\.isASCIIDigit), let number = Int(piece) else { return nil }
            parts.append(number)
        }
        return parts
    }

    /// -1, 0 or 1.
    static func compare(_ left: [Int], _ right: [Int]) -> Int {
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }
}
