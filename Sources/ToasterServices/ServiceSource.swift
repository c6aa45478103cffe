/// A source that asks a service at a `SourceLocation`.
public protocol ServiceSource: VersionSource {
    var location: SourceLocation { get }
}

extension ServiceSource {
    public func prepare() {
        location.prepare()
    }
}
