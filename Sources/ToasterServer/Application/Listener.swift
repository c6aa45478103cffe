import Glibc
import NIOCore
import ServiceLifecycle

/// A listener as a service, its bind failure turned into one sentence naming its address.
struct Listener<App: Service>: Service {
    let application: App
    let host: String
    let port: Int

    func run() async throws {
        do {
            try await application.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw StartupError("cannot listen on \(host):\(port): port \(port) is already in use")
        } catch let error as IOError {
            throw StartupError("cannot listen on \(host):\(port): \(String(cString: strerror(error.errnoCode)))")
        }
    }
}
