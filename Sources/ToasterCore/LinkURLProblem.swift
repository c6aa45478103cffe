/// Why a URL cannot be a universal link at all, before any pattern is tried.
struct LinkURLProblem: Error, Sendable, Equatable {
    let reason: String

    init(_ reason: String) { self.reason = reason }
}
