import ToasterCommandLine
import ToasterCore
import ToasterFiles

extension AssociatedDomainsFile {
    /// Reads and parses an apple-app-site-association file (at most 4 MiB, a regular file);
    /// the message names the file and what is wrong with it.
    static func load(_ path: String) throws(CommandExit) -> AssociatedDomainsFile {
        do {
            return try AssociatedDomainsFile(data: BoundedFile.read(path, limit: 4 << 20))
        } catch let error as FileError {
            throw CommandExit.unusable(error.description)
        } catch {
            throw CommandExit.unusable("\(path): \(error)")
        }
    }
}
