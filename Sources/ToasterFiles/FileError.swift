/// A file that could not be read or written; the message names the file and the reason.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
