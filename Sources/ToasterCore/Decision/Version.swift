/// An app version as the App Store and Info.plist write it: one to four dot-separated integers,
/// compared numerically with missing components counting as 0, optionally followed by a
/// semver-style pre-release (`-beta.1`, which sorts before its release) and build metadata
/// (`+42`, ignored).
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let maximumComponents = 4

    public let components: [Int]
    public let preRelease: [String]

    public init(_ text: String) throws(VersionError) {
        var body = Substring(text.trimmingWhitespace())
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        if let plus = body.firstIndex(of: "+") { body = body[..<plus] }
        var release = body
        var preRelease: [String] = []
        if let dash = body.firstIndex(of: "-") {
            release = body[..<dash]
            let suffix = body[body.index(after: dash)...]
            preRelease = suffix.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard preRelease.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isPreReleaseCharacter) }) else {
                throw VersionError(text: text, problem: "the pre-release part \"\(suffix)\" is not dot-separated letters and digits")
            }
        }
        guard !release.isEmpty else { throw VersionError(text: text, problem: "it is empty") }
        let parts = release.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= Self.maximumComponents else {
            throw VersionError(text: text, problem: "it has \(parts.count) components; at most \(Self.maximumComponents) are allowed")
        }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty else { throw VersionError(text: text, problem: "a component is empty") }
            guard part.allSatisfy(\.isASCIIDigit) else {
                throw VersionError(text: text, problem: "\"\(part)\" is not a whole number")
            }
            guard part.count <= 9, let number = Int(part) else {
                throw VersionError(text: text, problem: "\"\(part)\" is too large")
            }
            numbers.append(number)
        }
        components = numbers
        self.preRelease = preRelease
    }

    public var description: String {
        let release = components.map(String.init).joined(separator: ".")
        return preRelease.isEmpty ? release : release + "-" + preRelease.joined(separator: ".")
    }

    /// The component at `index`, 0 where the version does not have it.
    public subscript(index: Int) -> Int {
        index < components.count ? components[index] : 0
    }

    public static func == (lhs: Version, rhs: Version) -> Bool {
        compareRelease(lhs, rhs) == 0 && lhs.preRelease == rhs.preRelease
    }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
        hasher.combine(preRelease)
    }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        let release = compareRelease(lhs, rhs)
        if release != 0 { return release < 0 }
        return comparePreRelease(lhs.preRelease, rhs.preRelease) < 0
    }

    /// Which kind of update `newer` is for `self`, or nil when it is not newer.
    public func updateKind(to newer: Version) -> UpdateKind? {
        guard self < newer else { return nil }
        for index in 0..<Self.maximumComponents where self[index] != newer[index] {
            return UpdateKind(componentIndex: index)
        }
        // Same release numbers, so only the pre-release differs (a beta of this very release).
        return .patch
    }

    private static func compareRelease(_ lhs: Version, _ rhs: Version) -> Int {
        for index in 0..<maximumComponents where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index] ? -1 : 1
        }
        return 0
    }

    /// Semantic Versioning 2.0 §11: no pre-release ranks above any pre-release; identifiers
    /// compare numerically when both are numbers, else by ASCII; numbers rank below words.
    private static func comparePreRelease(_ lhs: [String], _ rhs: [String]) -> Int {
        switch (lhs.isEmpty, rhs.isEmpty) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        case (false, false): break
        }
        for (left, right) in zip(lhs, rhs) where left != right {
            switch (Int(left), Int(right)) {
            case let (l?, r?): return l < r ? -1 : 1
            case (.some, nil): return -1
            case (nil, .some): return 1
            case (nil, nil): return left < right ? -1 : 1
            }
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }
}

/// A version string that cannot be read; the message names the string and what is wrong.
public struct VersionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public let problem: String

    public var description: String { "invalid version \"\(text)\": \(problem)" }
}

extension Character {
    public var isASCIIDigit: Bool { isASCII && isWholeNumber }
    var isPreReleaseCharacter: Bool { isASCII && (isLetter || isNumber || self == "-") }
}
