import Hummingbird

/// The public listener's routes behind the `RequestObserver`, as concrete types: the compiler
/// then specializes the observer and Hummingbird's router responder for `BasicRequestContext`.
/// Added as router middleware, the observer was called through an existential and ran generic
/// code for every request (docs/performance.md); the admin listener, which serves a few
/// requests, keeps it as middleware.
public struct ObservedRouter: HTTPResponderBuilder {
    let router: Router<BasicRequestContext>
    let observer: RequestObserver<BasicRequestContext>

    public func buildResponder() -> Responder {
        Responder(routes: router.buildResponder(), observer: observer)
    }

    public struct Responder: HTTPResponder {
        public typealias Context = BasicRequestContext
        let routes: RouterResponder<BasicRequestContext>
        let observer: RequestObserver<BasicRequestContext>

        public func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
            try await observer.handle(request, context: context) { request, context in
                try await routes.respond(to: request, context: context)
            }
        }
    }
}
