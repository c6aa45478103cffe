/// An apple-app-site-association file that cannot be used; the message names the place in the
/// file (`applinks.details[1].components[0]["/"]`) and what is wrong there.
public struct AssociatedDomainsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }

    init(at place: JSONPlace, _ problem: String) {
        self.description = "\(place) \(problem)"
    }
}
