import ToasterCore
import ToasterServices
import ToasterTerminal

extension Wiring {
    /// `run --realtime`: how the listener waits, and the stream `source` announces its changes
    /// on; nil without the flag (`backoff` nil) or a source that has none.
    static func realtime(backoff: Int?, source: any VersionSource) -> (configuration: RealtimeConfiguration, stream: LaunchProgram.Stream)? {
        guard let backoff, let listener = FirebaseRealtime(announcing: source) else { return nil }
        // The SDK draws its waits' jitter and its fetch's delay at random; so does each run.
        let configuration = RealtimeConfiguration(backoffBaseMilliseconds: backoff, seed: .random(in: .min ... .max))
        let stream = LaunchProgram.Stream(open: { listener.listen(stream: $0, knownVersion: $1, post: $2) }, close: { listener.close(through: $0) })
        return (configuration, stream)
    }
}
