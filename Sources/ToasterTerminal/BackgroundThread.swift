import Dispatch
import Glibc

/// Runs background work on a thread of its own, started at once. The loop's work blocks (a
/// service's answer, a stream that stays open for minutes), and Dispatch's shared pool took
/// 0.4 ms to start its first worker, which the launch's alert waited for.
public enum BackgroundThread {
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box)
        // Without a thread of its own (the process is at its limit) the work waits in
        // Dispatch's pool rather than block the caller, which may be the terminal loop.
        if started != 0 {
            let body = Unmanaged<Body>.fromOpaque(box).takeRetainedValue()
            DispatchQueue.global().async { body.run() }
        }
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
