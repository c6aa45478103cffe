import FoundationEssentials

/// Where a source reads its answer: `--url` checked once, up front.
public enum SourceLocation: Sendable, Equatable {
    case file(path: String)

    /// Answers larger than this are refused rather than read into memory.
    public static let maximumBytes = 4 << 20

    public init(parsing text: String) throws(SourceError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw SourceError("--url \"\(text)\" is not a URL (expected file:///path/answer.json)")
        }
        switch scheme {
        case "file":
            guard !url.path.isEmpty else { throw SourceError("--url \"\(text)\" names no file") }
            self = .file(path: url.path)
        case "http", "https":
            throw SourceError("--url \"\(text)\": this version reads answers from file: URLs only")
        default:
            throw SourceError("--url \"\(text)\": the scheme \"\(scheme)\" is not supported (use file:)")
        }
    }

    func read() async throws(SourceError) -> Data {
        switch self {
        case .file(let path): try BoundedFile.read(path, limit: Self.maximumBytes)
        }
    }
}
